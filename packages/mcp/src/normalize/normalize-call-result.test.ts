import { describe, expect, it } from "vitest";
import { normalizeCallResult } from "./normalize-call-result.js";

describe("normalizeCallResult", () => {
  it("prefers structuredContent over content blocks", () => {
    const result = { content: [{ type: "text", text: "ignored" }], structuredContent: { total: 3 } };
    expect(normalizeCallResult(result)).toEqual({ ok: true, data: { total: 3 }, omitted: 0 });
  });

  it("unwraps a structuredContent object whose only key is result", () => {
    expect(normalizeCallResult({ structuredContent: { result: [1, 2] } })).toEqual({ ok: true, data: [1, 2], omitted: 0 });
    expect(normalizeCallResult({ structuredContent: { result: 1, more: 2 } })).toMatchObject({ data: { result: 1, more: 2 } });
  });

  it("joins text blocks with newlines", () => {
    const result = { content: [{ type: "text", text: "one" }, { type: "text", text: "two" }] };
    expect(normalizeCallResult(result)).toEqual({ ok: true, data: "one\ntwo", omitted: 0 });
  });

  it("parses text that holds a JSON object or array", () => {
    expect(normalizeCallResult({ content: [{ type: "text", text: '{"id":"c-1"}' }] })).toMatchObject({ data: { id: "c-1" } });
    expect(normalizeCallResult({ content: [{ type: "text", text: "[1,2]" }] })).toMatchObject({ data: [1, 2] });
    expect(normalizeCallResult({ content: [{ type: "text", text: "42" }] })).toMatchObject({ data: "42" });
    expect(normalizeCallResult({ content: [{ type: "text", text: "{broken" }] })).toMatchObject({ data: "{broken" });
  });

  it("counts non-text blocks as omitted", () => {
    const result = { content: [{ type: "image", data: "AAAA" }, { type: "text", text: "caption" }, { type: "audio" }] };
    expect(normalizeCallResult(result)).toEqual({ ok: true, data: "caption", omitted: 2 });
    expect(normalizeCallResult({ content: [{ type: "image" }] })).toEqual({ ok: true, data: null, omitted: 1 });
  });

  it("turns isError into a failure carrying the upstream's message", () => {
    expect(normalizeCallResult({ isError: true, content: [{ type: "text", text: "No such invoice" }] })).toEqual({
      ok: false,
      message: "No such invoice",
    });
    expect(normalizeCallResult({ isError: true, content: [] })).toMatchObject({ ok: false });
  });

  it("decodes binary fields of structuredContent by the outputSchema", () => {
    const schema = { type: "object", properties: { result: { type: "string", contentEncoding: "base64" } } };
    const normalized = normalizeCallResult({ structuredContent: { result: Buffer.from("png").toString("base64") } }, schema);
    expect(normalized).toEqual({ ok: true, data: new Uint8Array(Buffer.from("png")), omitted: 0 });
  });
});
