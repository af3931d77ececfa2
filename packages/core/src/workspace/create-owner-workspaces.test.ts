import { mkdir, mkdtemp, readdir, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CodeModeError } from "../errors/index.js";
import { createOwnerWorkspaces, ownerFolderName } from "./create-owner-workspaces.js";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "codemode-owners-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("createOwnerWorkspaces", () => {
  it("gives each owner a folder of its own, so one cannot read or overwrite another's file", async () => {
    const workspaceOf = createOwnerWorkspaces({ dir });
    await workspaceOf("alice").write({ path: "secret.txt", data: "alice's" });
    const mallory = workspaceOf("mallory");
    const read: unknown = await mallory.read({ path: "secret.txt" }).catch((error: unknown) => error);
    expect((read as CodeModeError).code).toBe("NOT_FOUND");
    await mallory.write({ path: "secret.txt", data: "mallory's" });
    expect(await workspaceOf("alice").read({ path: "secret.txt" })).toBe("alice's");
    expect(await mallory.list({})).toEqual([{ name: "secret.txt", type: "file", size: 9 }]);
    expect((await readdir(dir)).sort()).toEqual([await ownerFolderName("alice"), await ownerFolderName("mallory")].sort());
  });

  it("shares dir itself when asked to", async () => {
    const workspaceOf = createOwnerWorkspaces({ dir, shared: true });
    await workspaceOf("alice").write({ path: "notes.txt", data: "shared" });
    expect(await workspaceOf("bob").read({ path: "notes.txt" })).toBe("shared");
    expect(await readdir(dir)).toEqual(["notes.txt"]);
  });

  it("names folders apart for owners that differ only in characters a file name cannot hold", async () => {
    const names = await Promise.all(["a:b", "a_b", "a/b", "", "default", "..", "x".repeat(500)].map(ownerFolderName));
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_-]{1,40}-[0-9a-f]{16}$/);
    expect(await ownerFolderName("bearer:abc")).toMatch(/^bearer_abc-/);
    // The same digest as SHA-256 anywhere, so an operator can find an owner's folder.
    expect(await ownerFolderName("alice")).toBe("alice-2bd806c97f0e00af");
  });

  it("refuses a link planted in place of an owner's folder", async () => {
    await mkdir(join(dir, "elsewhere"));
    await symlink(join(dir, "elsewhere"), join(dir, await ownerFolderName("carol")));
    const error: unknown = await createOwnerWorkspaces({ dir })("carol").write({ path: "a.txt", data: "x" }).catch((caught: unknown) => caught);
    expect((error as CodeModeError).code).toBe("ACCESS_DENIED");
    expect(await readdir(join(dir, "elsewhere"))).toEqual([]);
  });

  it("throws INVALID_OPTIONS for a shared that is not a boolean", () => {
    expect(() => createOwnerWorkspaces({ dir, shared: "yes" as unknown as boolean })).toThrow(/workspace.shared/);
  });
});
