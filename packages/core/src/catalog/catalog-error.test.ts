import { describe, expect, it } from "vitest";
import { CatalogError, isCatalogError } from "./catalog-error.js";

describe("CatalogError", () => {
  it("is an Error with a stable code", () => {
    const error = new CatalogError("not_found", 'No tool named "a.b".');
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: "CatalogError", code: "not_found", message: 'No tool named "a.b".' });
  });
});

describe("isCatalogError", () => {
  it("recognises catalog errors, also from another copy of the package, and nothing else", () => {
    const foreign = Object.assign(new Error("x"), { name: "CatalogError", code: "invalid_arguments" });
    expect(isCatalogError(new CatalogError("invalid_arguments", "x"))).toBe(true);
    expect(isCatalogError(foreign)).toBe(true);
    expect(isCatalogError(new Error("x"))).toBe(false);
    expect(isCatalogError({ name: "CatalogError", code: "not_found" })).toBe(false);
  });
});
