import { setTracingDisabled } from "@openai/agents";
import { describe, expect, it } from "vitest";
import { askWarehouse } from "./ask-warehouse.js";
import { createOfflineModel, SCRIPT } from "./offline-model.js";

setTracingDisabled(true);

describe("askWarehouse", () => {
  it("runs the script once the person says yes: function tool and MCP tool joined, 12 x 40 + 4 x 450 + 7 x 220", async () => {
    const shown: string[] = [];
    const answer = await askWarehouse(createOfflineModel(), (code) => (shown.push(code), true));
    expect(shown).toEqual([SCRIPT]);
    expect(answer).toContain('"total":3820');
    expect(answer).toContain('{"name":"Standing desk","units":4,"value":1800}');
  });

  it("runs nothing when the person says no; the model is told so", async () => {
    const answer = await askWarehouse(createOfflineModel(), () => false);
    expect(answer).not.toContain("total");
    expect(answer).toMatch(/not approved|rejected|declined/i);
  });
});
