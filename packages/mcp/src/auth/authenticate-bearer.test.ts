import { describe, expect, it } from "vitest";
import { authenticateBearer } from "./authenticate-bearer.js";

const principals = [
  { name: "analytics", token: "token-analytics-0001", allow: ["billing.*"] },
  { name: "ops", token: "token-ops-000000001" },
];

describe("authenticateBearer", () => {
  it("finds the principal a bearer token belongs to", () => {
    expect(authenticateBearer("Bearer token-analytics-0001", principals)?.name).toBe("analytics");
    expect(authenticateBearer("bearer token-ops-000000001", principals)?.name).toBe("ops");
  });

  it("rejects a missing, malformed or unknown token", () => {
    expect(authenticateBearer(undefined, principals)).toBeNull();
    expect(authenticateBearer("token-ops-000000001", principals)).toBeNull();
    expect(authenticateBearer("Basic dXNlcjpwYXNz", principals)).toBeNull();
    expect(authenticateBearer("Bearer token-ops-00000000", principals)).toBeNull();
  });
});
