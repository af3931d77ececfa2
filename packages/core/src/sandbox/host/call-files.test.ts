import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BYTES_KEY } from "../../serializer/index.js";
import { callFiles } from "./call-files.js";
import { createWorkspace } from "../../workspace/index.js";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "codemode-call-files-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("callFiles", () => {
  it("decodes bytes in the arguments and encodes bytes in the reply", async () => {
    const workspace = createWorkspace({ dir });
    const args = JSON.stringify({ path: "a.bin", data: { [BYTES_KEY]: Buffer.from([9, 8, 7]).toString("base64") } });
    expect(JSON.parse((await callFiles(workspace, "write", args)).envelope)).toEqual({ ok: true, data: { path: "a.bin", size: 3 } });
    expect([...(await readFile(join(dir, "a.bin")))]).toEqual([9, 8, 7]);
    const read = await callFiles(workspace, "read", JSON.stringify({ path: "a.bin", encoding: "bytes" }));
    expect(read.bytes).toBe(true);
    expect(JSON.parse(read.envelope)).toEqual({ ok: true, data: { [BYTES_KEY]: Buffer.from([9, 8, 7]).toString("base64") } });
  });

  it("answers unknown operations, a missing workspace and refusals with failed envelopes", async () => {
    const workspace = createWorkspace({ dir });
    expect(JSON.parse((await callFiles(workspace, "chmod", "{}")).envelope).error.code).toBe("not_found");
    expect(JSON.parse((await callFiles(undefined, "read", "{}")).envelope).error.code).toBe("not_found");
    expect(JSON.parse((await callFiles(workspace, "read", "[]")).envelope).error.code).toBe("invalid_arguments");
    const escape = JSON.parse((await callFiles(workspace, "read", JSON.stringify({ path: "../x" }))).envelope);
    expect(escape).toEqual({ ok: false, error: { code: "invalid_arguments", message: expect.any(String), retryable: false } });
  });
});
