import { describe, expect, it } from "vitest";
import { decodeBinary } from "./decode-binary.js";

const bytes = (text: string) => new Uint8Array(Buffer.from(text));
const b64 = (text: string) => Buffer.from(text).toString("base64");
const binary = { type: "string", contentEncoding: "base64" };

describe("decodeBinary", () => {
  it("decodes a base64 property and leaves the others alone", () => {
    const schema = { type: "object", properties: { file: binary, name: { type: "string" } } };
    expect(decodeBinary({ file: b64("hello"), name: b64("hi") }, schema)).toEqual({ file: bytes("hello"), name: b64("hi") });
  });

  it("decodes a field marked only by a binary media type, but not a textual one", () => {
    const schema = {
      type: "object",
      properties: { png: { type: "string", contentMediaType: "image/png" }, doc: { type: "string", contentMediaType: "application/json" } },
    };
    expect(decodeBinary({ png: b64("PNG"), doc: '{"a":1}' }, schema)).toEqual({ png: bytes("PNG"), doc: '{"a":1}' });
  });

  it("decodes through array items and prefixItems", () => {
    expect(decodeBinary([b64("a"), b64("b")], { type: "array", items: binary })).toEqual([bytes("a"), bytes("b")]);
    const tuple = { type: "array", prefixItems: [{ type: "string" }, binary] };
    expect(decodeBinary(["x", b64("y")], tuple)).toEqual(["x", bytes("y")]);
  });

  it("decodes additionalProperties values", () => {
    const schema = { type: "object", additionalProperties: binary };
    expect(decodeBinary({ one: b64("1"), two: b64("2") }, schema)).toEqual({ one: bytes("1"), two: bytes("2") });
  });

  it("picks the anyOf or oneOf branch that fits the value", () => {
    const schema = { type: "object", properties: { blob: { anyOf: [{ type: "null" }, binary] }, other: { oneOf: [{ type: "number" }, binary] } } };
    expect(decodeBinary({ blob: b64("z"), other: 3 }, schema)).toEqual({ blob: bytes("z"), other: 3 });
    expect(decodeBinary({ blob: null }, schema)).toEqual({ blob: null });
  });

  it("follows local $ref, including through $defs", () => {
    const schema = {
      type: "object",
      properties: { images: { type: "array", items: { $ref: "#/$defs/Image" } } },
      $defs: { Image: { type: "object", properties: { data: { $ref: "#/$defs/Bytes" } } }, Bytes: binary },
    };
    expect(decodeBinary({ images: [{ data: b64("img") }] }, schema)).toEqual({ images: [{ data: bytes("img") }] });
  });

  it("stops at a cyclic $ref instead of recursing forever", () => {
    const schema = { $ref: "#/$defs/A", $defs: { A: { $ref: "#/$defs/A" } } };
    expect(decodeBinary({ x: 1 }, schema)).toEqual({ x: 1 });
  });

  it("stops at a depth guard on a deeply recursive schema", () => {
    const schema = { $defs: { Node: { type: "object", properties: { next: { $ref: "#/$defs/Node" }, data: binary } } }, $ref: "#/$defs/Node" };
    let value: Record<string, unknown> = { data: b64("leaf") };
    for (let index = 0; index < 200; index++) value = { next: value, data: b64("n") };
    const decoded = decodeBinary(value, schema) as { data: unknown };
    expect(decoded.data).toEqual(bytes("n"));
  });

  it("keeps a string that is not base64 as it is", () => {
    expect(decodeBinary("not base64!", binary)).toBe("not base64!");
  });

  it("returns the value unchanged without a schema", () => {
    const value = { a: b64("a") };
    expect(decodeBinary(value, undefined)).toBe(value);
  });
});
