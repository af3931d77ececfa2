import { describe, expect, it } from "vitest";
import { checkToolName, parseToolName } from "./tool-name.js";

describe("parseToolName", () => {
  it("splits the namespace at the first dot and keeps the rest whole", () => {
    expect(parseToolName("billing.list_invoices")).toEqual({ namespace: "billing", localName: "list_invoices" });
    expect(parseToolName("docs.pages.get-one")).toEqual({ namespace: "docs", localName: "pages.get-one" });
  });

  it("refuses a name without a namespace", () => {
    expect(() => parseToolName("list_invoices")).toThrow(/no namespace/);
  });

  it("refuses reserved segments anywhere in the name", () => {
    for (const name of ["__proto__.x", "billing.constructor", "a.prototype.b"]) {
      expect(() => parseToolName(name)).toThrow(/reserved segment/);
    }
  });

  it("refuses characters outside ASCII letters, digits, _ and -", () => {
    for (const name of ["billing.list invoices", "bill/ing.x", "billing..x", "billing.", "émoji.x"]) {
      expect(checkToolName(name), name).not.toBeNull();
    }
  });
});
