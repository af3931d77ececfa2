import { CodeModeError, toJsonSchema, type ToolDefinition } from "@codemode/core";
import { RunnableLambda } from "@langchain/core/runnables";
import { DynamicTool, StructuredTool, tool } from "@langchain/core/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { z as z3 } from "zod/v3";
import { fromLangChainTools } from "./from-langchain-tools.js";

class WeatherTool extends StructuredTool {
  name = "get_weather";
  description = "Current weather of a city.";
  schema = z.object({ city: z.string() });
  protected async _call({ city }: { city: string }) {
    return JSON.stringify({ city, celsius: 21 });
  }
}

const noop = tool(async () => "ok", { name: "noop", description: "Does nothing.", schema: z.object({}) });

function run(definition: ToolDefinition, args: unknown, context: unknown = {}) {
  return definition.execute(args, { signal: new AbortController().signal, callId: "call_1", context });
}

describe("fromLangChainTools", () => {
  it("names each tool namespace.name from one namespace, a map or a function", () => {
    const weather = new WeatherTool();
    expect(fromLangChainTools([weather, noop]).map((definition) => definition.name)).toEqual([
      "get_weather",
      "noop",
    ]);
    expect(fromLangChainTools([weather], { namespace: "weather" })[0]?.name).toBe("weather.get_weather");
    expect(fromLangChainTools([weather, noop], { namespace: { get_weather: "weather" } }).map((d) => d.name)).toEqual([
      "weather.get_weather",
      "noop",
    ]);
    expect(fromLangChainTools([noop], { namespace: (t) => `ns_${t.name}` })[0]?.name).toBe("ns_noop.noop");
  });

  it("replaces characters a script name cannot hold", () => {
    const spaced = tool(async () => 1, { name: "get weather.now", description: "d", schema: z.object({}) });
    expect(fromLangChainTools([spaced])[0]?.name).toBe("get_weather_now");
  });

  it("shows a zod 4 input as JSON Schema with defaults optional", () => {
    const search = tool(async (input) => input, {
      name: "search",
      description: "Search.",
      schema: z.object({ query: z.string(), limit: z.number().default(5) }),
    });
    const [definition] = fromLangChainTools([search]);
    expect(toJsonSchema(definition!.inputSchema)).toMatchObject({ required: ["query"] });
  });

  it("lets the LangChain tool parse a transforming schema once, on the raw arguments", async () => {
    const schema = z.object({ amount: z.string().transform(Number) });
    const double = tool(async ({ amount }) => amount * 2, { name: "double", description: "d", schema });
    const [definition] = fromLangChainTools([double]);
    const standard = (definition!.inputSchema as typeof schema)["~standard"];
    expect(await standard.validate({ amount: "21" })).toEqual({ value: { amount: "21" } });
    expect((await standard.validate({ amount: 21 })).issues).toBeDefined();
    expect(await run(definition!, { amount: "21" })).toBe(42);
  });

  it("converts zod 3 and JSON Schema inputs to JSON Schema", () => {
    const legacy = tool(async () => 1, {
      name: "legacy",
      description: "d",
      schema: z3.object({ id: z3.string() }),
    });
    const json = { type: "object" as const, properties: { id: { type: "string" as const } }, required: ["id"] };
    const raw = tool(async () => 1, { name: "raw", description: "d", schema: json });
    const [fromV3, fromJson] = fromLangChainTools([legacy, raw]);
    expect(fromV3!.inputSchema).toMatchObject({ type: "object", properties: { id: { type: "string" } }, required: ["id"] });
    expect(fromJson!.inputSchema).toEqual(json);
  });

  it("calls StructuredTool subclasses and string tools and parses their JSON text", async () => {
    const shout = new DynamicTool({ name: "shout", description: "d", func: async (text) => text.toUpperCase() });
    const [weather, loud] = fromLangChainTools([new WeatherTool(), shout]);
    expect(await run(weather!, { city: "Oslo" })).toEqual({ city: "Oslo", celsius: 21 });
    expect(await run(loud!, { input: "hi" })).toBe("HI");
  });

  it("calls a runnable turned into a tool with asTool()", async () => {
    const runnable = RunnableLambda.from(async ({ a, b }: { a: number; b: number }) => a + b).asTool({
      name: "add",
      description: "Adds two numbers.",
      schema: z.object({ a: z.number(), b: z.number() }),
    });
    const [definition] = fromLangChainTools([runnable]);
    expect(definition!.name).toBe("add");
    expect(await run(definition!, { a: 2, b: 3 })).toBe(5);
  });

  it("passes the host's config and the call's own signal to the tool", async () => {
    let seen: { metadata?: unknown; signal?: AbortSignal } = {};
    const probe = tool(
      async (_input, config) => {
        seen = config;
        return "ok";
      },
      { name: "probe", description: "d", schema: z.object({}) },
    );
    const controller = new AbortController();
    const context = { metadata: { tenant: "t1" }, signal: new AbortController().signal };
    await fromLangChainTools([probe])[0]!.execute({}, { signal: controller.signal, callId: "c", context });
    expect(seen.metadata).toMatchObject({ tenant: "t1" });
    expect(seen.signal).toBe(controller.signal);
  });

  it("reports input the tool itself rejects as invalid_arguments", async () => {
    const even = tool(async ({ n }) => n, {
      name: "even",
      description: "d",
      schema: z.object({ n: z.number() }),
    });
    // The core checked nothing here: this is the tool's own parser rejecting what JSON Schema cannot express.
    const error = await Promise.resolve(run(fromLangChainTools([even])[0]!, { n: "two" })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodeModeError);
    expect(error).toMatchObject({ code: "INVALID_ARGUMENTS" });
  });

  it("marks the tools interruptOn covers with requiresApproval and leaves the rest unmarked", () => {
    const definitions = fromLangChainTools([new WeatherTool(), noop], { namespace: "ops", interruptOn: { "ops.noop": true } });
    expect(definitions.map((definition) => definition.requiresApproval)).toEqual([undefined, true]);
    expect("requiresApproval" in definitions[0]!).toBe(false);
  });
});
