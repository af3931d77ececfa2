import { z } from "zod";
import { FOREIGN_SERVER_KEYS, gatewayConfigSchema, INPUTS_FIX } from "./gateway-config.js";

/** Where the schema is, in an installed `@codemode/mcp`: what a config's `$schema` names. */
const GATEWAY_CONFIG_SCHEMA_FILE = "gateway-config.schema.json";

/**
 * The JSON Schema of a gateway config file, from the zod schema the parser uses (its input side: what a person
 * writes), for editors to complete and check. Keys the parser refuses with a fix (VS Code's `inputs`, other clients'
 * server keys) are marked deprecated with that fix, so an editor strikes them through and says what to write instead.
 * Rules that JSON Schema cannot state (a url's scheme, the pairs of keys that go together) stay with the parser.
 */
export function gatewayConfigJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(gatewayConfigSchema, {
    io: "input",
    target: "draft-2020-12",
    override: ({ jsonSchema, path }) => {
      const key = String(path.at(-1));
      // ["properties", "inputs"], or ["properties", "mcpServers" | "servers", "additionalProperties", "properties", key]
      const onServer = path.length === 5 && path[2] === "additionalProperties" && path[3] === "properties";
      const fix = path.length === 2 && key === "inputs" ? INPUTS_FIX : onServer ? FOREIGN_SERVER_KEYS[key] : undefined;
      if (fix !== undefined) Object.assign(jsonSchema, { deprecated: true, description: `Refused by the gateway: ${key} ${fix}.` });
    },
  });
  return {
    ...schema,
    $id: `https://unpkg.com/@codemode/mcp/${GATEWAY_CONFIG_SCHEMA_FILE}`,
    title: "codemode gateway config",
    description: "The config of a codemode MCP gateway (`codemode serve --config FILE`): the mcpServers MCP clients write, plus the gateway's own keys. Strings may use ${env:NAME}.",
  };
}
