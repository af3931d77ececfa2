import { describe, expect, it } from "vitest";
import { nearestName } from "./nearest-name.js";

const TOOLS = ["billing.list_invoices", "billing.refund", "crm.get_customer", "support.create_ticket"];

describe("nearestName", () => {
  it("names the tool a misspelt name meant", () => {
    expect(nearestName("billing.list_invoice", TOOLS)).toBe("billing.list_invoices");
    expect(nearestName("crm.get_custmer", TOOLS)).toBe("crm.get_customer");
  });

  it("prefers a name spelt the same but for case, underscores and dashes", () => {
    expect(nearestName("Billing.Refund", TOOLS)).toBe("billing.refund");
    expect(nearestName("support.create-ticket", TOOLS)).toBe("support.create_ticket");
  });

  it("names the limit or config key a mistyped one meant", () => {
    const limits = ["timeoutMs", "memoryBytes", "maxOutputBytes", "maxHostCalls", "maxToolResultBytes"];
    expect(nearestName("timeoutMS", limits)).toBe("timeoutMs");
    expect(nearestName("memroyBytes", limits)).toBe("memoryBytes");
    expect(nearestName("mcpServer", ["mcpServers", "limits", "tools"])).toBe("mcpServers");
    expect(nearestName("colour", limits)).toBeUndefined();
  });

  it("names nothing when no name is near, or when the name is longer than a tool name can be", () => {
    expect(nearestName("weather.forecast", TOOLS)).toBeUndefined();
    expect(nearestName(`billing.refund${"x".repeat(200)}`, TOOLS)).toBeUndefined();
    expect(nearestName("billing.refund", ["billing.refund"])).toBeUndefined();
  });
});
