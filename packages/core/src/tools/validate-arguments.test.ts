import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createArgumentValidator } from "./validate-arguments.js";

describe("createArgumentValidator", () => {
  it("passes anything when the tool declares no input schema", async () => {
    expect(await createArgumentValidator(undefined)({ any: 1 })).toEqual({ ok: true, value: { any: 1 } });
  });

  it("checks JSON Schema and says where the arguments are wrong", async () => {
    const validate = createArgumentValidator({
      type: "object",
      properties: { limit: { type: "integer", maximum: 100 } },
      required: ["limit"],
      additionalProperties: false,
    });
    expect(await validate({ limit: 10 })).toEqual({ ok: true, value: { limit: 10 } });
    const tooBig = await validate({ limit: 1000 });
    expect(tooBig).toEqual({ ok: false, message: "/limit must be <= 100" });
    const extra = await validate({ limit: 1, cursor: "x" });
    expect(extra).toEqual({ ok: false, message: 'arguments has unknown property "cursor"' });
  });

  it("accepts schemas written for other JSON Schema drafts", async () => {
    const validate = createArgumentValidator({
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: { q: { type: "string" } },
    });
    expect(await validate({ q: 1 })).toMatchObject({ ok: false });
  });

  it("validates Standard Schemas with their own library and keeps its parsed value", async () => {
    const validate = createArgumentValidator(z.object({ limit: z.coerce.number().max(100) }));
    expect(await validate({ limit: "5" })).toEqual({ ok: true, value: { limit: 5 } });
    expect(await validate({ limit: 500 })).toMatchObject({ ok: false, message: expect.stringMatching(/^\/limit /) });
  });

  it("keeps the message small whatever the arguments: no error per bad property, names quoted by their start", async () => {
    const validate = createArgumentValidator({ type: "object", properties: { a: { type: "string" } }, additionalProperties: false });
    // 0.4 MiB of arguments: thousands of unknown properties with long names, each a failure of its own.
    const args = Object.fromEntries(Array.from({ length: 4000 }, (_, index) => [`${"k".repeat(100)}${index}`, index]));
    const outcome = await validate(args);
    expect(outcome.ok).toBe(false);
    expect(Buffer.byteLength((outcome as { message: string }).message)).toBeLessThanOrEqual(1024);
    const zodOutcome = await createArgumentValidator(z.object({ a: z.string() }).strict())({ a: 1, ...args });
    expect(Buffer.byteLength((zodOutcome as { message: string }).message)).toBeLessThanOrEqual(1024);
  });

  it("checks patterns and pattern properties in linear time: a catastrophic pattern on a long text still answers", async () => {
    const validate = createArgumentValidator({
      type: "object",
      properties: { s: { type: "string", pattern: "^(a+)+$" } },
      patternProperties: { "^x(a|aa)+$": { type: "number" } },
    });
    // A backtracking engine takes about 2^60 steps for each of these.
    expect(await validate({ s: `${"a".repeat(60)}!` })).toEqual({ ok: false, message: '/s must match pattern "^(a+)+$"' });
    expect(await validate({ s: "a".repeat(100_000) })).toMatchObject({ ok: true });
    expect(await validate({ [`x${"a".repeat(60)}`]: "text" })).toMatchObject({ ok: false });
    expect(await validate({ [`x${"a".repeat(60)}!`]: "text" })).toMatchObject({ ok: true });
  });

  it("tells apart patterns that differ, though the engine's cache keys them by text", async () => {
    const validate = createArgumentValidator({ type: "object", properties: { a: { type: "string", pattern: "^a$" }, b: { type: "string", pattern: "^b$" } } });
    expect(await validate({ a: "a", b: "b" })).toMatchObject({ ok: true });
    expect(await validate({ a: "a", b: "a" })).toEqual({ ok: false, message: '/b must match pattern "^b$"' });
  });
});
