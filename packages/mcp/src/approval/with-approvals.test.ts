import type { ToolDefinition } from "@codemode/core";
import { describe, expect, it } from "vitest";
import { parseGatewayConfig } from "../config/index.js";
import { withApprovals } from "./with-approvals.js";

const tool = (name: string, destructiveHint?: boolean): ToolDefinition => ({
  name,
  description: "",
  execute: () => null,
  ...(destructiveHint === undefined ? {} : { annotations: { destructiveHint } }),
});
const tools = [tool("crm.delete_customer", true), tool("crm.find_customer", false), tool("crm.drop_all"), tool("billing.delete_invoice")];
const marked = (config: Parameters<typeof withApprovals>[1]) =>
  withApprovals(tools, config).filter((item) => item.requiresApproval === true).map((item) => item.name);

describe("withApprovals", () => {
  it("marks tools their upstream calls destructive only when the config turns that on", () => {
    expect(marked({ destructive: true })).toEqual(["crm.delete_customer"]);
    expect(marked({ destructive: false })).toEqual([]);
    expect(marked(undefined)).toEqual([]);
  });

  it("marks tools whose gateway name matches a pattern", () => {
    expect(marked({ tools: ["crm.drop_*", "*.delete_invoice"] })).toEqual(["crm.drop_all", "billing.delete_invoice"]);
    expect(marked({ destructive: true, tools: ["crm.drop_all"] })).toEqual(["crm.delete_customer", "crm.drop_all"]);
  });

  it("is checked with the config, naming the JSON path of a bad key", () => {
    const base = { mcpServers: { crm: { command: "node" } } };
    expect(parseGatewayConfig({ ...base, approvals: { destructive: true, tools: ["crm.*"] } }).approvals).toEqual({
      destructive: true,
      tools: ["crm.*"],
    });
    expect(() => parseGatewayConfig({ ...base, approvals: { destructive: "yes", tools: [""], other: 1 } })).toThrow(
      /approvals\.destructive: .*; approvals\.tools\[0\]: must not be empty; approvals\.other: unknown key/,
    );
    expect(() => parseGatewayConfig({ ...base, limits: { approvalTimeoutMs: -1 } })).toThrow(/limits\.approvalTimeoutMs/);
  });
});
