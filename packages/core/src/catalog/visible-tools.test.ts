import { describe, expect, it } from "vitest";
import { createAllowFilter } from "../tools/index.js";
import { sampleTools } from "./__fixtures__/sample-tools.js";
import { createVisibleTools } from "./visible-tools.js";

describe("createVisibleTools", () => {
  const tools = sampleTools();
  const visible = createVisibleTools(tools);

  it("keeps registration order and groups by namespace", () => {
    const allowed = createAllowFilter(["crm.*", "support.*"]);
    expect(visible.of(allowed, undefined).map((tool) => tool.name)).toEqual([
      "crm.find_customer",
      "crm.update_customer",
      "support.recent_tickets",
      "support.create_ticket",
    ]);
    expect([...visible.namespaces(allowed).keys()]).toEqual(["crm", "support"]);
    expect(visible.of(allowed, "billing")).toEqual([]);
    expect([...visible.positions(allowed, "crm")]).toEqual([2, 3]);
  });

  it("works the view out once per filter", () => {
    let calls = 0;
    const counting = (name: string) => (calls++, name.startsWith("crm."));
    visible.of(counting, undefined);
    visible.of(counting, "crm");
    visible.positions(counting, undefined);
    expect(calls).toBe(tools.length);
  });

  it("lists a toolkit only when every tool in it is allowed", () => {
    expect(visible.toolkits(createAllowFilter(undefined), undefined).map((toolkit) => toolkit.name)).toEqual([
      "accounts-receivable",
      "helpdesk",
    ]);
    expect(visible.toolkits(createAllowFilter(["billing.*", "support.*"]), undefined)).toEqual([
      { name: "helpdesk", tools: ["support.recent_tickets", "support.create_ticket"] },
    ]);
    expect(visible.toolkits(createAllowFilter(undefined), "crm").map((toolkit) => toolkit.name)).toEqual(["accounts-receivable"]);
  });
});
