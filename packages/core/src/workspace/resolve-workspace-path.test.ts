import { mkdir, mkdtemp, realpath, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveWorkspacePath } from "./resolve-workspace-path.js";

let base: string;
let root: string;

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), "codemode-resolve-")));
  root = join(base, "ws");
  await mkdir(join(root, "inner"), { recursive: true });
  await mkdir(join(base, "outside"));
  await symlink(join(base, "outside"), join(root, "out"));
  await symlink(join(root, "inner"), join(root, "alias"));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe("resolveWorkspacePath", () => {
  it("resolves through a link that stays inside, without following the last component", async () => {
    expect(await resolveWorkspacePath(root, ["alias", "a.txt"])).toBe(join(root, "inner", "a.txt"));
    expect(await resolveWorkspacePath(root, ["out"])).toBe(join(root, "out"));
  });

  it("refuses a parent whose real path leaves the workspace, and reports a missing parent", async () => {
    await expect(resolveWorkspacePath(root, ["out", "a.txt"])).rejects.toMatchObject({ code: "ACCESS_DENIED" });
    await expect(resolveWorkspacePath(root, ["missing", "a.txt"])).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
