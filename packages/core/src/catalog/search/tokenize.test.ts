import { describe, expect, it } from "vitest";
import { normalizeTerm, tokenize } from "./tokenize.js";

describe("tokenize", () => {
  it("splits tool names at underscores, dashes, dots and camelCase", () => {
    expect(tokenize("billing.list_invoices")).toEqual(["billing", "list", "invoices"]);
    expect(tokenize("docs.pages.get-one")).toEqual(["docs", "pages", "get", "one"]);
    expect(tokenize("crm.findCustomerByEmail")).toEqual(["crm", "find", "Customer", "By", "Email"]);
    expect(tokenize("HTTPServer parseURLs")).toEqual(["HTTP", "Server", "parse", "URLs"]);
  });

  it("keeps digits with their word and handles text beyond ASCII", () => {
    expect(tokenize("v2 ns42 oauth2Token")).toEqual(["v2", "ns42", "oauth2", "Token"]);
    expect(tokenize("Größe ändern: überweisung")).toEqual(["Größe", "ändern", "überweisung"]);
  });
});

describe("normalizeTerm", () => {
  it("lower-cases and folds common plurals so invoice meets invoices", () => {
    expect(["Invoices", "invoice", "companies", "boxes", "status", "analysis", "class"].map(normalizeTerm)).toEqual([
      "invoice",
      "invoice",
      "company",
      "box",
      "status",
      "analysis",
      "class",
    ]);
  });

  it("drops stop words", () => {
    expect(normalizeTerm("the")).toBeNull();
    expect(normalizeTerm("For")).toBeNull();
  });
});
