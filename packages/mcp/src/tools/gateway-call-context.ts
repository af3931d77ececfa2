import type { ToolExecutionContext } from "@codemode/core";

/** What the gateway passes as `ExecuteOptions.context`, so upstream tools can report progress to the caller. */
export interface GatewayCallContext {
  onToolCall?: (tool: string) => void;
}

/** Tells the gateway that an upstream call finished, when the execution asked to hear about it. */
export function reportToolCall(context: ToolExecutionContext["context"], tool: string): void {
  const callback = (context as GatewayCallContext | undefined)?.onToolCall;
  if (typeof callback === "function") callback(tool);
}
