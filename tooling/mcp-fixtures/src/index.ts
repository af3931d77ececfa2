// Real MCP servers that the adapters' tests start, shared so that no package keeps a copy of its own.
import { fileURLToPath } from "node:url";

/**
 * The path of a real MCP server over stdio (SDK 1.x) whose tools are MCP_RESULT_CASES' from `@codemode/core/testing`,
 * each answering with its case's result as it stands: start it as `node <path>` with a framework's stdio client.
 */
export const MCP_CASES_SERVER: string = fileURLToPath(new URL("./mcp-cases-server.mjs", import.meta.url));
