import { describe, expect, it } from "vitest";
import { isCodeModeError } from "../errors/index.js";
import {
  parseCountArguments,
  parseDescribeArguments,
  parsePageArguments,
  parseSearchArguments,
} from "./parse-catalog-arguments.js";

function refusal(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (isCodeModeError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a CodeModeError");
}

describe("parseSearchArguments", () => {
  it("fills in defaults", () => {
    expect(parseSearchArguments({ query: "invoices" })).toEqual({
      query: "invoices",
      namespace: undefined,
      limit: undefined,
      offset: 0,
      detail: "brief",
    });
  });

  it("refuses a query that is not a string, naming the operation", () => {
    expect(refusal(() => parseSearchArguments({ query: 42 }))).toEqual({
      code: "INVALID_ARGUMENTS",
      message: "catalog.search: `query` must be a string.",
    });
    expect(refusal(() => parseSearchArguments(undefined)).code).toBe("INVALID_ARGUMENTS");
    expect(refusal(() => parseSearchArguments({ query: "x".repeat(1001) })).message).toMatch(/at most 1000 characters/);
    expect(refusal(() => parseSearchArguments("invoices")).message).toMatch(/takes one object argument/);
  });

  it("refuses unknown keys, bad detail levels and a limit of a million", () => {
    expect(refusal(() => parseSearchArguments({ query: "x", q: "y" })).message).toBe(
      'catalog.search: unknown argument "q"; it takes query, namespace, limit, offset, detail.',
    );
    expect(refusal(() => parseSearchArguments({ query: "x", detail: "everything" })).message).toMatch(/detail/);
    expect(refusal(() => parseSearchArguments({ query: "x", limit: 1_000_000 })).message).toBe(
      "catalog.search: `limit` must be an integer from 1 to 1000, got 1000000.",
    );
  });
});

describe("parsePageArguments", () => {
  it("accepts no arguments at all", () => {
    expect(parsePageArguments("list", undefined)).toEqual({ namespace: undefined, limit: undefined, offset: 0 });
  });

  it("refuses negative, fractional and non-numeric offsets and limits", () => {
    for (const args of [{ offset: -1 }, { offset: 1.5 }, { offset: "2" }, { limit: 0 }, { limit: Number.NaN }, { namespace: 3 }]) {
      expect(refusal(() => parsePageArguments("list", args)).code, JSON.stringify(args)).toBe("INVALID_ARGUMENTS");
    }
    expect(refusal(() => parsePageArguments("list", { offset: -1 })).message).toBe(
      "catalog.list: `offset` must be an integer of 0 or more, got -1.",
    );
  });
});

describe("parseCountArguments", () => {
  it("takes only a namespace", () => {
    expect(parseCountArguments({ namespace: "crm" })).toEqual({ namespace: "crm" });
    expect(refusal(() => parseCountArguments({ limit: 3 })).code).toBe("INVALID_ARGUMENTS");
  });
});

describe("parseDescribeArguments", () => {
  it("takes a tool name or its path", () => {
    expect(parseDescribeArguments({ tool: "crm.find_customer" })).toBe("crm.find_customer");
    expect(parseDescribeArguments({ tool: "tools.crm.find_customer" })).toBe("crm.find_customer");
    expect(parseDescribeArguments({ name: "crm.find_customer" })).toBe("crm.find_customer");
    expect(refusal(() => parseDescribeArguments({ tool: "a.b", name: "c.d" })).code).toBe("INVALID_ARGUMENTS");
    expect(refusal(() => parseDescribeArguments({ id: "crm.find_customer" })).code).toBe("INVALID_ARGUMENTS");
    expect(refusal(() => parseDescribeArguments({ tool: "" })).code).toBe("INVALID_ARGUMENTS");
  });
});
