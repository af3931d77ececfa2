import { CodeModeError, isCodeModeError } from "@codemode/core";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

/** Whether an error means the connection to the upstream is gone, so it must be reconnected. */
export function isConnectionError(error: unknown): boolean {
  if (error instanceof McpError) return error.code === ErrorCode.ConnectionClosed;
  if (!(error instanceof Error)) return false;
  if (/ZodError$/.test(error.name) || error.name === "AbortError" || isCodeModeError(error)) return false;
  // Everything else the SDK throws below the protocol: "Not connected", fetch failures, HTTP status errors.
  return true;
}

/** Maps what an upstream call threw to the CodeModeError whose code the script receives. */
export function toUpstreamError(error: unknown, serverId: string, tool: string, timeoutMs: number): CodeModeError {
  const where = `${serverId}.${tool}`;
  if (isCodeModeError(error)) return error;
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout) {
      return new CodeModeError("TIMEOUT", `Upstream call ${where} got no answer within ${timeoutMs} ms.`, { cause: error });
    }
    if (error.code === ErrorCode.ConnectionClosed) {
      return new CodeModeError("UNAVAILABLE", `Upstream ${serverId} closed the connection during ${where}.`, { cause: error });
    }
    // The SDK's client checks structuredContent against the tool's outputSchema and reports a mismatch this way.
    if (/structured content/i.test(error.message)) {
      return new CodeModeError("TOOL_ERROR", `Upstream ${serverId} returned a malformed result for ${where}: ${error.message}`, {
        cause: error,
      });
    }
    if (error.code === ErrorCode.InvalidParams) {
      return new CodeModeError("INVALID_ARGUMENTS", `Upstream ${serverId} rejected the arguments: ${error.message}`, { cause: error });
    }
    return new CodeModeError("TOOL_ERROR", `Upstream ${serverId} answered ${where} with an error: ${error.message}`, { cause: error });
  }
  if (error instanceof Error && /ZodError$/.test(error.name)) {
    return new CodeModeError("TOOL_ERROR", `Upstream ${serverId} returned a malformed result for ${where}.`, { cause: error });
  }
  if (error instanceof Error && error.name === "AbortError") {
    return new CodeModeError("CANCELLED", `The call to ${where} was cancelled.`, { cause: error });
  }
  // The cause (a fetch failure, a path) stays on the host side: the script learns only that the server is unreachable.
  return new CodeModeError("UNAVAILABLE", `Upstream ${serverId} is not reachable; it is being reconnected.`, { cause: error });
}
