import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerFolderName } from "../workspace/index.js";
import { createCodeMode } from "./create-code-mode.js";
import type { CodeMode } from "./code-mode.js";

let base: string;
/** The folder of the runs that name no owner. */
let dir: string;
let outside: string;
let codeMode: CodeMode;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), "codemode-ws-run-"));
  dir = join(base, await ownerFolderName(""));
  await mkdir(dir);
  outside = await mkdtemp(join(tmpdir(), "codemode-ws-outside-"));
  await writeFile(join(outside, "secret.txt"), "secret");
  await symlink(outside, join(dir, "escape"));
  codeMode = createCodeMode({ poolSize: 1, workspace: { dir: base, maxFileBytes: 1024 * 1024 }, limits: { maxHostCalls: 20 } });
});

afterAll(async () => {
  await codeMode.close();
  await rm(base, { recursive: true, force: true });
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

  it("gives each owner its own files: one owner cannot read or overwrite another's", async () => {
    const write = (text: string) => `return (await files.write({ path: "report.txt", data: ${JSON.stringify(text)} })).ok;`;
    expect((await codeMode.execute(write("alice's figures"), { owner: "alice" })).result).toBe(true);
    const peek = await codeMode.execute(`const r = await files.read({ path: "report.txt" }); return r.ok ? r.data : r.error.code;`, { owner: "mallory" });
    expect(peek.result).toBe("not_found");
    expect((await codeMode.execute(write("overwritten"), { owner: "mallory" })).result).toBe(true);
    const own = await codeMode.execute(`return (await files.read({ path: "report.txt" })).data;`, { owner: "alice" });
    expect(own.result).toBe("alice's figures");
    expect(await readFile(join(base, await ownerFolderName("alice"), "report.txt"), "utf8")).toBe("alice's figures");
  });

  it("shares one folder between owners when the workspace is shared on purpose", async () => {
    const shared = createCodeMode({ poolSize: 1, workspace: { dir: outside, shared: true } });
    try {
      await shared.execute(`await files.write({ path: "team.txt", data: "for everyone" });`, { owner: "alice" });
      const read = await shared.execute(`return (await files.read({ path: "team.txt" })).data;`, { owner: "bob" });
      expect(read.result).toBe("for everyone");
      expect(await readFile(join(outside, "team.txt"), "utf8")).toBe("for everyone");
    } finally {
      await shared.close();
    }
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
