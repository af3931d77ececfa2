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
});
