import { describe, expect, it } from "vitest";
import { ADVERSARIAL_CASES } from "./adversarial-cases.js";
import { ADVERSARIAL_LIMITS } from "./adversarial-limits.js";

describe("ADVERSARIAL_CASES", () => {
  it("covers every category of attack: CPU, memory, stack, escapes, output, tool calls, the bridge, host work, tenants, TypeScript, isolation", () => {
    const categories = new Set(ADVERSARIAL_CASES.map((entry) => entry.category));
    expect([...categories].sort()).toEqual(["bridge", "cpu", "escape", "host-work", "isolation", "memory", "output", "stack", "tenants", "tool-calls", "typescript"]);
  });

  it("has every tenant case check what the victim keeps", () => {
    for (const entry of ADVERSARIAL_CASES.filter((candidate) => candidate.category === "tenants" && candidate.name.includes("another principal"))) {
      expect(entry.victim, entry.name).toBeDefined();
    }
  });

  it("names each case once and gives every failure a kind and every profile its limits", () => {
    const names = ADVERSARIAL_CASES.map((entry) => `${entry.category}: ${entry.name}`);
    expect(new Set(names).size).toBe(names.length);
    for (const entry of ADVERSARIAL_CASES) {
      if (entry.expect.status === "failed") expect(entry.expect.kind, entry.name).toBeDefined();
      expect(ADVERSARIAL_LIMITS[entry.profile].timeoutMs, entry.name).toBeGreaterThan(0);
    }
  });

  it("runs every isolation case against at least 50 concurrent observers", () => {
    const isolation = ADVERSARIAL_CASES.filter((entry) => entry.category === "isolation");
    expect(isolation.length).toBeGreaterThan(0);
    for (const entry of isolation) expect(entry.observers?.count).toBeGreaterThanOrEqual(50);
  });
});
