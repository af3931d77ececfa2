import { describe, expect, it } from "vitest";
import { cutText, previewText, utf8Length } from "./cut-text.js";

describe("cutText", () => {
  it("keeps text that fits and cuts longer text to the byte limit, naming its full size", () => {
    expect(cutText("short", 32)).toBe("short");
    const cut = cutText("a".repeat(100), 32);
    expect(cut).toBe(`${"a".repeat(17)}… (100 bytes)`);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(32);
  });

  it("never leaves half of a character at the cut", () => {
    const cut = cutText("😀".repeat(40), 40);
    expect(cut).toMatch(/^(😀)+… \(160 bytes\)$/);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(40);
    expect(cutText(`a${"😀".repeat(40)}`, 40)).toMatch(/^a(😀)+… \(161 bytes\)$/);
  });
});

describe("previewText", () => {
  it("quotes short text whole and long text by its start and length", () => {
    expect(previewText("billing.list")).toBe("billing.list");
    expect(previewText("x".repeat(4 * 1024 * 1024))).toBe(`${"x".repeat(64)}… (4194304 characters)`);
    expect(previewText(`${"x".repeat(63)}😀tail`)).toBe(`${"x".repeat(63)}… (69 characters)`);
  });
});

describe("utf8Length", () => {
  it("counts UTF-8 bytes as Buffer does, lone surrogates as U+FFFD, and stops at a cap", () => {
    for (const text of ["", "abc", "héllo", "€", "😀x", "\uD800", "a\uDC00b", "😀".repeat(10)]) expect(utf8Length(text), text).toBe(Buffer.byteLength(text));
    expect(utf8Length("x".repeat(100), 10)).toBe(10);
    expect(utf8Length("é".repeat(100), 11)).toBe(11);
  });
});
