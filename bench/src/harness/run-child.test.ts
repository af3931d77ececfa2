import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runChild } from "./run-child.js";

const child = fileURLToPath(new URL("./__fixtures__/child.mjs", import.meta.url));
const cwd = fileURLToPath(new URL(".", import.meta.url));

describe("runChild", () => {
  it("parses the JSON on the child's last line", async () => {
    const { value, hungOnExit } = await runChild<{ mode: string }>(child, ["ok"], { cwd });
    expect(value).toEqual({ mode: "ok" });
    expect(hungOnExit).toBe(false);
  });

  it("rejects with the child's stderr when it exits non-zero", async () => {
    await expect(runChild(child, ["fail"], { cwd })).rejects.toThrow(/exited with 1: it broke/);
  });

  it("reports a child that never answers as hung once its bound passes, rather than waiting for it", async () => {
    await expect(runChild(child, ["silent"], { cwd, timeoutMs: 1500 })).rejects.toThrow(/hung: no answer within 2 s, so it was stopped/);
  });

  it("keeps the answer of a child that hangs after printing it", async () => {
    const { value, hungOnExit } = await runChild<{ mode: string }>(child, ["hang"], { cwd, timeoutMs: 1500 });
    expect(value).toEqual({ mode: "hang" });
    expect(hungOnExit).toBe(true);
  });
});
