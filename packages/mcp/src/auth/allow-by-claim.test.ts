import { describe, expect, it } from "vitest";
import { allowByClaim } from "./allow-by-claim.js";

const rule = { claim: "groups", values: { billing: ["billing.*"], admins: ["*"], docs: ["docs.*", "billing.list_*"] } };

describe("allowByClaim", () => {
  it("is the union of the patterns of every value the claim holds, as a list or a space-separated string", () => {
    expect(allowByClaim({ groups: ["billing", "docs", "interns"] }, rule)).toEqual(["billing.*", "docs.*", "billing.list_*"]);
    expect(allowByClaim({ groups: "admins billing" }, rule)).toEqual(["*", "billing.*"]);
  });

  it("reaches into objects with a dotted claim name, and grants nothing for a missing claim or unknown values", () => {
    expect(allowByClaim({ realm_access: { roles: ["billing"] } }, { ...rule, claim: "realm_access.roles" })).toEqual(["billing.*"]);
    expect(allowByClaim({}, rule)).toEqual([]);
    expect(allowByClaim({ groups: ["constructor", "__proto__"] }, rule)).toEqual([]);
  });
});
