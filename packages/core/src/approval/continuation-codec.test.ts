import { describe, expect, it } from "vitest";
import { decodeContinuation, encodeContinuation, hashTools, type ContinuationState } from "./continuation-codec.js";

const state: ContinuationState = {
  id: "c1",
  runId: "r1",
  owner: "ada",
  expiresAt: 1_900_000_000_000,
  codeHash: "a",
  toolsHash: "b",
  usedMs: 12,
  pending: [{ callId: "call_r1_2", tool: "billing.refund" }],
};

describe("encodeContinuation", () => {
  it("round-trips a state signed with the same secret, as a string or bytes", async () => {
    expect(await decodeContinuation(await encodeContinuation(state, "s3cret"), "s3cret")).toEqual(state);
    const key = new Uint8Array([1, 2, 3, 4]);
    expect(await decodeContinuation(await encodeContinuation(state, key), key)).toEqual(state);
  });

  it("refuses another secret, a changed payload or signature, and text that is no continuation", async () => {
    const text = await encodeContinuation(state, "s3cret");
    expect(await decodeContinuation(text, "other")).toBeNull();
    const [prefix, payload, signature] = text.split(".");
    const changed = Buffer.from(JSON.stringify({ ...state, owner: "eve" })).toString("base64url");
    expect(await decodeContinuation(`${prefix}.${changed}.${signature}`, "s3cret")).toBeNull();
    expect(await decodeContinuation(`${prefix}.${payload}.${signature!.slice(1)}`, "s3cret")).toBeNull();
    for (const bad of ["", "cm1.", "cm1..", "x.y.z", 42, null]) expect(await decodeContinuation(bad, "s3cret")).toBeNull();
  });
});

describe("hashTools", () => {
  it("hashes names and input schemas whatever the order of keys or tools", async () => {
    const one = await hashTools([
      { name: "a.x", inputJsonSchema: { type: "object", properties: { id: { type: "string" } } } },
      { name: "b.y", inputJsonSchema: undefined },
    ]);
    const two = await hashTools([
      { name: "b.y", inputJsonSchema: undefined },
      { name: "a.x", inputJsonSchema: { properties: { id: { type: "string" } }, type: "object" } },
    ]);
    expect(two.manifest).toBe(one.manifest);
    const changed = await hashTools([{ name: "a.x", inputJsonSchema: { type: "object" } }, { name: "b.y", inputJsonSchema: undefined }]);
    expect(changed.manifest).not.toBe(one.manifest);
    expect(changed.each.get("b.y")).toBe(one.each.get("b.y"));
    expect(changed.each.get("a.x")).not.toBe(one.each.get("a.x"));
  });
});
