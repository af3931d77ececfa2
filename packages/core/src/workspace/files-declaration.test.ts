import { describe, expect, it } from "vitest";
import { typeCheck } from "../catalog/__fixtures__/type-check.js";
import { FILES_DECLARATION } from "./files-declaration.js";

describe("FILES_DECLARATION", () => {
  it("type-checks a script that writes, reads bytes and lists, and rejects a call without a path", () => {
    const script = `
async function run() {
  const written = await files.write({ path: "out/a.bin", data: new Uint8Array([1]) });
  const read = await files.read({ path: "out/a.bin", encoding: "bytes" });
  const listed = await files.list();
  if (!written.ok || !read.ok || !listed.ok) return null;
  return { size: written.data.size, names: listed.data.map((entry) => entry.name) };
}`;
    expect(typeCheck(FILES_DECLARATION + script)).toEqual([]);
    expect(typeCheck(`${FILES_DECLARATION}\nasync function run() { await files.read({}); }`)).toHaveLength(1);
  });
});
