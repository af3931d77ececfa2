import { describe, expect, it } from "vitest";
import { sessionOwnerOf } from "./session-owner.js";

describe("sessionOwnerOf", () => {
  it("names a caller by a hash of its token, never the token, the same on every connection", () => {
    const ana = { name: "ana", token: "token-ana-0000000001" };
    const owner = sessionOwnerOf(ana);
    expect(owner).toMatch(/^bearer:[0-9a-f]{64}$/);
    expect(owner).not.toContain(ana.token);
    expect(sessionOwnerOf({ ...ana })).toBe(owner);
    expect(sessionOwnerOf({ name: "ana", token: "token-ana-0000000002" })).not.toBe(owner);
  });

  it("makes every caller without a token one anonymous owner", () => {
    expect(sessionOwnerOf(null)).toBe("http:anonymous");
  });
});
