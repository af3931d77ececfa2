import { defineTool } from "@codemode/core";
import { describe, expect, it } from "vitest";
import { generateTools } from "./generate-tools.js";

describe("generateTools", () => {
  it("gives the same tools for the same seed", () => {
    const strip = (count: number, seed: number) =>
      generateTools(count, { seed }).map(({ execute: _execute, ...rest }) => rest);
    expect(strip(300, 7)).toEqual(strip(300, 7));
    expect(strip(300, 7)).not.toEqual(strip(300, 8));
  });

  it("makes 10,000 uniquely named tools across 100 namespaces", () => {
    const tools = generateTools(10_000);
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(10_000);
    expect(new Set(tools.map((tool) => tool.name.split(".")[0])).size).toBe(100);
  });

  it("spreads tools over namespaces of the size asked for", () => {
    const namespaces = new Set(generateTools(100, { perNamespace: 10 }).map((tool) => tool.name.split(".")[0]));
    expect(namespaces.size).toBe(10);
  });

  it("makes definitions the core accepts", () => {
    for (const tool of generateTools(1_000)) expect(() => defineTool(tool)).not.toThrow();
  });
});
