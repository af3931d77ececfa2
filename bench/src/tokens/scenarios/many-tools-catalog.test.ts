import { describe, expect, it } from "vitest";
import { createManyTools } from "./many-tools-catalog.js";

describe("createManyTools", () => {
  it("makes 1,000 tools across 40 namespaces, the given ones included, the same on every call", () => {
    const extra = { weather_get_forecast: { namespace: "weather", tool: createManyTools({}).tools.billing_list_invoices! } };
    const { tools, namespace } = createManyTools(extra);
    expect(Object.keys(tools)).toHaveLength(1000);
    expect(new Set(Object.values(namespace)).size).toBe(40);
    expect(namespace.weather_get_forecast).toBe("weather");
    expect(Object.keys(createManyTools(extra).tools)).toEqual(Object.keys(tools));
  });
});
