import { describe, expect, it } from "vitest";
import { createAllowFilter } from "./allow-filter.js";

describe("createAllowFilter", () => {
  it("allows every tool when there is no allowlist", () => {
    expect(createAllowFilter(undefined)("billing.list_invoices")).toBe(true);
  });

  it("allows no tool for an empty allowlist", () => {
    expect(createAllowFilter([])("billing.list_invoices")).toBe(false);
  });

  it("matches exact names and globs, with * spanning dots", () => {
    const allowed = createAllowFilter(["billing.*", "crm.find_customer", "*.read_*"]);
    expect(allowed("billing.list_invoices")).toBe(true);
    expect(allowed("billing.reports.monthly")).toBe(true);
    expect(allowed("crm.find_customer")).toBe(true);
    expect(allowed("crm.delete_customer")).toBe(false);
    expect(allowed("docs.read_page")).toBe(true);
    expect(allowed("billingx.list")).toBe(false);
  });

  it("treats regular-expression characters in patterns literally", () => {
    const allowed = createAllowFilter(["a+b.c"]);
    expect(allowed("a+b.c")).toBe(true);
    expect(allowed("aab.c")).toBe(false);
  });

  it("rejects an allowlist that is not an array of strings", () => {
    expect(() => createAllowFilter("billing.*" as never)).toThrow(/array of tool-name patterns/);
  });
});
