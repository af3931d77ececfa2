import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createWorkspace } from "./create-workspace.js";
import { CodeModeError } from "../errors/index.js";

let base: string;
let dir: string;
let outside: string;

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), "codemode-ws-"));
  dir = join(base, "ws");
  outside = join(base, "outside");
  await mkdir(dir);
  await mkdir(outside);
  await writeFile(join(outside, "secret.txt"), "secret");
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(CodeModeError);
  return (error as CodeModeError).code;
}

describe("createWorkspace", () => {
  it("writes text into new parent folders, reads it back and lists it", async () => {
    const workspace = createWorkspace({ dir });
    expect(await workspace.write({ path: "out/report.txt", data: "héllo" })).toEqual({ path: "out/report.txt", size: 6 });
    expect(await workspace.read({ path: "out/report.txt" })).toBe("héllo");
    expect(await workspace.list({})).toEqual([{ name: "out", type: "directory", size: 0 }]);
    expect(await workspace.list({ path: "out" })).toEqual([{ name: "report.txt", type: "file", size: 6 }]);
  });

  it("round-trips bytes", async () => {
    const workspace = createWorkspace({ dir });
    const bytes = new Uint8Array([0, 255, 1, 128]);
    await workspace.write({ path: "b.bin", data: bytes });
    const read = await workspace.read({ path: "b.bin", encoding: "bytes" });
    expect(read).toBeInstanceOf(Uint8Array);
    expect([...(read as Uint8Array)]).toEqual([0, 255, 1, 128]);
  });

  it("removes a file and then reports it missing", async () => {
    const workspace = createWorkspace({ dir });
    await workspace.write({ path: "a.txt", data: "a" });
    await workspace.remove({ path: "a.txt" });
    expect(await codeOf(workspace.read({ path: "a.txt" }))).toBe("NOT_FOUND");
    expect(await codeOf(workspace.remove({ path: "a.txt" }))).toBe("NOT_FOUND");
  });

  it("refuses .., absolute paths, NUL bytes and the root itself as a file", async () => {
    const workspace = createWorkspace({ dir });
    expect(await codeOf(workspace.read({ path: "../outside/secret.txt" }))).toBe("INVALID_ARGUMENTS");
    expect(await codeOf(workspace.write({ path: "a/../../x.txt", data: "x" }))).toBe("INVALID_ARGUMENTS");
    expect(await codeOf(workspace.read({ path: join(outside, "secret.txt") }))).toBe("INVALID_ARGUMENTS");
    expect(await codeOf(workspace.read({ path: "C:\\secret.txt" }))).toBe("INVALID_ARGUMENTS");
    expect(await codeOf(workspace.read({ path: "a\0b" }))).toBe("INVALID_ARGUMENTS");
    expect(await codeOf(workspace.list({ path: ".." }))).toBe("INVALID_ARGUMENTS");
    expect(await codeOf(workspace.remove({ path: "." }))).toBe("INVALID_ARGUMENTS");
    expect(await codeOf(workspace.read({ path: 3 }))).toBe("INVALID_ARGUMENTS");
  });

  it("refuses a link to a file outside for read and write, leaving the outside file unchanged", async () => {
    await symlink(join(outside, "secret.txt"), join(dir, "link.txt"));
    const workspace = createWorkspace({ dir });
    expect(await codeOf(workspace.read({ path: "link.txt" }))).toBe("ACCESS_DENIED");
    expect(await codeOf(workspace.write({ path: "link.txt", data: "pwned" }))).toBe("ACCESS_DENIED");
    expect(await readFile(join(outside, "secret.txt"), "utf8")).toBe("secret");
  });

  it("refuses a link to a folder outside for read, write and list", async () => {
    await symlink(outside, join(dir, "out"));
    const workspace = createWorkspace({ dir });
    expect(await codeOf(workspace.read({ path: "out/secret.txt" }))).toBe("ACCESS_DENIED");
    expect(await codeOf(workspace.write({ path: "out/new.txt", data: "x" }))).toBe("ACCESS_DENIED");
    expect(await codeOf(workspace.write({ path: "out/deeper/new.txt", data: "x" }))).toBe("ACCESS_DENIED");
    expect(await codeOf(workspace.list({ path: "out" }))).toBe("ACCESS_DENIED");
    expect(await codeOf(workspace.remove({ path: "out/secret.txt" }))).toBe("ACCESS_DENIED");
    expect(await readFile(join(outside, "secret.txt"), "utf8")).toBe("secret");
    // The link itself is listed as a link, not followed.
    expect(await workspace.list({})).toEqual([{ name: "out", type: "symlink", size: 0 }]);
  });

  it("caps a file's size and the folder's total size", async () => {
    const workspace = createWorkspace({ dir, maxFileBytes: 10, maxTotalBytes: 15 });
    expect(await codeOf(workspace.write({ path: "big.txt", data: "x".repeat(11) }))).toBe("LIMIT_EXCEEDED");
    await workspace.write({ path: "a.txt", data: "x".repeat(10) });
    expect(await codeOf(workspace.write({ path: "b.txt", data: "x".repeat(6) }))).toBe("LIMIT_EXCEEDED");
    // Overwriting a file counts only the difference.
    await workspace.write({ path: "a.txt", data: "y".repeat(10) });
    await writeFile(join(dir, "large.txt"), "z".repeat(20));
    expect(await codeOf(workspace.read({ path: "large.txt" }))).toBe("LIMIT_EXCEEDED");
  });

  it("keeps the total cap under forty concurrent writes", async () => {
    const workspace = createWorkspace({ dir, maxTotalBytes: 1024 * 1024 });
    const data = "x".repeat(512 * 1024);
    const writes = await Promise.allSettled(Array.from({ length: 40 }, (_, index) => workspace.write({ path: `w${index}.txt`, data })));
    expect(writes.filter((write) => write.status === "fulfilled")).toHaveLength(2);
    for (const write of writes) if (write.status === "rejected") expect((write.reason as CodeModeError).code).toBe("LIMIT_EXCEEDED");
    const listed = await workspace.list({});
    expect(listed.reduce((total, entry) => total + entry.size, 0)).toBeLessThanOrEqual(1024 * 1024);
  });

  it("writes concurrently into a folder that does not exist yet", async () => {
    const workspace = createWorkspace({ dir });
    const writes = await Promise.allSettled(Array.from({ length: 20 }, (_, index) => workspace.write({ path: `new/deeper/f${index}.txt`, data: "x" })));
    expect(writes.map((write) => write.status)).toEqual(Array.from({ length: 20 }, () => "fulfilled"));
    expect(await workspace.list({ path: "new/deeper" })).toHaveLength(20);
  });

  it("names paths as the script gave them, never the host's", async () => {
    const workspace = createWorkspace({ dir });
    const messages: string[] = [];
    const long = "n".repeat(300);
    for (const attempt of [
      () => workspace.write({ path: `${long}/f.txt`, data: "x" }),
      () => workspace.write({ path: long, data: "x" }),
      () => workspace.read({ path: long }),
      () => workspace.list({ path: long }),
      () => createWorkspace({ dir: join(base, "gone") }).read({ path: "a.txt" }),
      () => createWorkspace({ dir: join(base, "gone") }).write({ path: "a.txt", data: "x" }),
      () => workspace.read({ path: "x".repeat(5000) }),
    ]) {
      const error: unknown = await attempt().then(() => null, (caught: unknown) => caught);
      expect(error).toBeInstanceOf(CodeModeError);
      messages.push((error as Error).message);
    }
    for (const message of messages) {
      expect(message).not.toContain(base);
      expect(message.length).toBeLessThan(400);
    }
  });

  it("throws INVALID_OPTIONS for a bad cap", () => {
    expect(() => createWorkspace({ dir, maxFileBytes: -1 })).toThrow(/maxFileBytes/);
  });
});
