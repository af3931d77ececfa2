import { describe, expect, it } from "vitest";
import { createAllowFilter } from "./allow-filter.js";
import { createResourceAllowFilter } from "./resource-allow-filter.js";

describe("createResourceAllowFilter", () => {
  it("admits every resource without an allowlist or with *, all of a namespace with <namespace>.*", () => {
    expect(createResourceAllowFilter(undefined)("hr", "hr://salaries")).toBe(true);
    expect(createResourceAllowFilter(["*"])("hr", "hr://salaries")).toBe(true);
    const allowed = createResourceAllowFilter(["docs.*"]);
    expect(allowed("docs", "anything://at/all?x#y")).toBe(true);
    expect(allowed("hr", "hr://salaries")).toBe(false);
  });

  it("never lets a tool glob match a URI the script chose", () => {
    const allowed = createResourceAllowFilter(["*.read_*", "s*", "*payroll*", "secret.get"]);
    for (const uri of ["secret://payroll#.read_", "secret://payroll?.read_", "secret://payroll"]) expect(allowed("secret", uri)).toBe(false);
  });

  it("admits an exact URI byte for byte, in its own namespace only", () => {
    const allowed = createResourceAllowFilter(["secret.resource:secret://payroll"]);
    expect(allowed("secret", "secret://payroll")).toBe(true);
    for (const uri of ["secret://payroll#x", "secret://payroll/", "SECRET://payroll", "secret://payroll.", "secret://pay%72oll"]) {
      expect(allowed("secret", uri), uri).toBe(false);
    }
    expect(allowed("docs", "secret://payroll")).toBe(false);
  });

  it("admits URIs under a prefix only when the rest is plain path segments", () => {
    const allowed = createResourceAllowFilter(["docs.resource:docs://public/*", "notes.resource:notes://team*"]);
    for (const uri of ["docs://public/", "docs://public/readme", "docs://public/guide/start.md", "docs://public/..hidden"]) expect(allowed("docs", uri), uri).toBe(true);
    for (const uri of [
      "docs://public/../private",
      "docs://public/./x",
      "docs://public/%2e%2e/private",
      "docs://public//etc",
      "docs://public/a/",
      "docs://public/a?b",
      "docs://public/a#b",
      "docs://public/a\\..\\b",
      "docs://public/\uFF0E\uFF0E/b",
      "docs://public/a@b",
      "docs://public/a:b",
      "docs://publicity",
      "DOCS://public/a",
    ]) {
      expect(allowed("docs", uri), uri).toBe(false);
    }
    expect(allowed("notes", "notes://team/a")).toBe(true);
    expect(allowed("notes", "notes://team-b/a")).toBe(true);
    expect(allowed("notes", "notes://team/../x")).toBe(false);
    expect(createResourceAllowFilter(["notes.resource:notes://team/.*"])("notes", "notes://team/../x")).toBe(false);
    expect(createResourceAllowFilter(["notes.resource:notes://team/.*"])("notes", "notes://team/./x")).toBe(false);
  });

  it("refuses a resource pattern with a * anywhere but the end of the URI, or in the namespace, saying what to write", () => {
    for (const pattern of ["docs.resource:docs://*/readme", "*.resource:docs://x", "do*.resource:docs://x", ".resource:x"]) {
      expect(() => createResourceAllowFilter([pattern]), pattern).toThrow(/<server>\.resource:<uri>.*<server>\.resource:<prefix>\*/);
      expect(() => createAllowFilter([pattern]), pattern).toThrow(expect.objectContaining({ code: "INVALID_OPTIONS" }));
    }
  });
});
