import type { RunnableToolLike } from "@langchain/core/runnables";
import type { StructuredToolInterface } from "@langchain/core/tools";

/**
 * A LangChain tool of any kind: `tool()`, DynamicStructuredTool, a StructuredTool subclass, an MCP adapter tool, or a
 * runnable turned into a tool with `asTool()`.
 */
export type LangChainTool = StructuredToolInterface<any, any, any> | RunnableToolLike<any, any>;
