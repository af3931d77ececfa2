import { mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCodeMode } from "./create-code-mode.js";
import type { CodeMode } from "./code-mode.js";

let dir: string;
let outside: string;
let codeMode: CodeMode;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "codemode-ws-run-"));
  outside = await mkdtemp(join(tmpdir(), "codemode-ws-outside-"));
  await writeFile(join(outside, "secret.txt"), "secret");
  await symlink(outside, join(dir, "escape"));
  codeMode = createCodeMode({ poolSize: 1, workspace: { dir, maxFileBytes: 1024 * 1024 }, limits: { maxHostCalls: 20 } });
});

afterAll(async () => {
  await codeMode.close();
  await rm(dir, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

describe("createCodeMode with a workspace", () => {
  it("writes a large output to a file and returns a small summary", async () => {
    const result = await codeMode.execute(`
      const rows = Array.from({ length: 5000 }, (_, i) => ({ id: i, name: "row " + i }));
      const written = await files.write({ path: "out/rows.json", data: JSON.stringify(rows) });
      if (!written.ok) return written;
      return { file: written.data.path, rows: rows.length, bytes: written.data.size };
    `);
    expect(result.error).toBeNull();
    const text = await readFile(join(dir, "out/rows.json"), "utf8");
    expect(JSON.parse(text)).toHaveLength(5000);
    expect(result.result).toEqual({ file: "out/rows.json", rows: 5000, bytes: Buffer.byteLength(text) });
  });

  it("round-trips bytes through a Uint8Array and lists the file", async () => {
    const result = await codeMode.execute(`
      await files.write({ path: "b.bin", data: new Uint8Array([0, 255, 7]) });
      const read = await files.read({ path: "b.bin", encoding: "bytes" });
      const listed = await files.list({});
      return { isBytes: read.data instanceof Uint8Array, values: [...read.data],
        entry: listed.data.find((entry) => entry.name === "b.bin") };
    `);
    expect(result.result).toEqual({ isBytes: true, values: [0, 255, 7], entry: { name: "b.bin", type: "file", size: 3 } });
    expect([...(await readFile(join(dir, "b.bin")))]).toEqual([0, 255, 7]);
  });

  it("answers escapes and bad paths with envelopes instead of throwing", async () => {
    const result = await codeMode.execute(`
      const codes = [];
      for (const call of [files.read({ path: "escape/secret.txt" }), files.write({ path: "../x.txt", data: "x" }),
        files.list({ path: "escape" }), files.read({ path: "/etc/passwd" }), files.read({ path: "missing.txt" })]) {
        const envelope = await call;
        codes.push(envelope.ok ? "ok" : envelope.error.code);
      }
      return codes;
    `);
    expect(result.result).toEqual(["access_denied", "invalid_arguments", "access_denied", "invalid_arguments", "not_found"]);
  });

  it("counts file calls toward maxHostCalls", async () => {
    const result = await codeMode.execute(`
      let refused = null;
      for (let i = 0; i < 21 && refused === null; i++) {
        const envelope = await files.list({});
        if (!envelope.ok) refused = envelope.error.code;
      }
      return refused;
    `);
    expect(result.result).toBe("limit_exceeded");
  });

  it("declares and mentions files only when a workspace is configured", async () => {
    expect(codeMode.declarations()).toContain("declare const files");
    expect(codeMode.prompt()).toContain("files.write");
    const plain = createCodeMode({ poolSize: 1 });
    try {
      expect(plain.declarations()).not.toContain("files");
      expect(plain.prompt()).not.toContain("files.");
      const result = await plain.execute("return typeof files;");
      expect(result.result).toBe("undefined");
    } finally {
      await plain.close();
    }
  });
});
