import { describe, expect, it } from "vitest";
import { checkToolName, createToolNamer, MAX_TOOL_NAME_LENGTH, parseToolName } from "./tool-name.js";

describe("parseToolName", () => {
  it("splits the namespace at the first dot and keeps the rest whole", () => {
    expect(parseToolName("billing.list_invoices")).toEqual({ namespace: "billing", localName: "list_invoices" });
    expect(parseToolName("docs.pages.get-one")).toEqual({ namespace: "docs", localName: "pages.get-one" });
  });

  it("reads a name without a dot as a flat tool", () => {
    expect(parseToolName("getCustomer")).toEqual({ namespace: "", localName: "getCustomer" });
  });

  it("refuses reserved segments anywhere in the name", () => {
    for (const name of ["__proto__.x", "billing.constructor", "a.prototype.b", "then", "crm.toJSON"]) {
      expect(() => parseToolName(name)).toThrow(/reserved segment/);
    }
  });

  it("refuses characters outside ASCII letters, digits, _ and -", () => {
    for (const name of ["billing.list invoices", "bill/ing.x", "billing..x", "billing.", "émoji.x", ""]) {
      expect(checkToolName(name), name).not.toBeNull();
    }
  });

  it("refuses a name over 128 characters, naming the start of it and its length", () => {
    expect(checkToolName(`a.${"b".repeat(MAX_TOOL_NAME_LENGTH - 2)}`)).toBeNull();
    const long = `crm.${"x".repeat(10_000)}`;
    expect(() => parseToolName(long)).toThrow(`Invalid tool name: "crm.${"x".repeat(36)}…" is 10004 characters long; a tool name has at most 128.`);
  });
});

describe("createToolNamer", () => {
  it("turns every character outside letters, digits, _ and - into _, dots included", () => {
    const nameOf = createToolNamer();
    expect(nameOf("get.file/v2", "fs")).toBe("fs.get_file_v2");
    expect(nameOf("list invoices")).toBe("list_invoices");
    expect(nameOf("")).toBe("_");
  });

  it("keeps names unique within the toolset", () => {
    const nameOf = createToolNamer();
    expect([nameOf("a/b", "x"), nameOf("a_b", "x"), nameOf("a.b", "x"), nameOf("a_b", "y"), nameOf("a_b")]).toEqual([
      "x.a_b",
      "x.a_b_2",
      "x.a_b_3",
      "y.a_b",
      "a_b",
    ]);
  });

  it("escapes reserved words so the script can reach the tool", () => {
    const nameOf = createToolNamer();
    expect(["constructor", "then", "toJSON", "__proto__"].map((name) => nameOf(name, "s"))).toEqual([
      "s.constructor_",
      "s.then_",
      "s.toJSON_",
      "s.__proto___",
    ]);
    expect(checkToolName(nameOf("prototype"))).toBeNull();
  });

  it("leaves a name that is too long for the code mode to refuse", () => {
    expect(checkToolName(createToolNamer()("x".repeat(200), "s"))).toMatch(/202 characters long/);
  });
});
