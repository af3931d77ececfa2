import { CodeModeError, isCodeModeError } from "@codemode/core";
import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import { CONNECTION_CLOSED } from "./create-capped-fetch.js";

// The SDK's own errors that mean the connection is gone, so it must be reconnected.
const CONNECTION_LOST: ReadonlySet<string> = new Set([
  SdkErrorCode.NotConnected,
  SdkErrorCode.ConnectionClosed,
  SdkErrorCode.SendFailed,
  SdkErrorCode.ClientHttpFailedToOpenStream,
  SdkErrorCode.ClientHttpNotImplemented,
  SdkErrorCode.ClientHttpUnexpectedContent,
]);

/** Whether an error means the connection to the upstream is gone, so it must be reconnected. */
export function isConnectionError(error: unknown): boolean {
  if (error instanceof ProtocolError) return error.code === CONNECTION_CLOSED;
  if (error instanceof SdkError) return CONNECTION_LOST.has(error.code);
  if (!(error instanceof Error)) return false;
  if (isMalformedResult(error) || error.name === "AbortError" || isCodeModeError(error)) return false;
  // Everything else thrown below the protocol: fetch failures, HTTP status errors.
  return true;
}

/**
 * Whether a call failed on what the server answered rather than on the connection: a result that is not the shape
 * its method returns, or one nested too deeply to walk. The connection is fine for the next call.
 */
export function isMalformedResult(error: unknown): boolean {
  if (error instanceof SdkError) return error.code === SdkErrorCode.InvalidResult || error.code === SdkErrorCode.UnsupportedResultType;
  return error instanceof RangeError || (error instanceof Error && /ZodError$/.test(error.name));
}

/**
 * Maps what an upstream call threw to the CodeModeError whose code the script receives; `redact` takes credentials
 * out of the SDK's and the server's own words (an error may quote the URL it was sent to).
 */
export function toUpstreamError(error: unknown, serverId: string, tool: string, timeoutMs: number, redact: (text: string) => string = (text) => text): CodeModeError {
  const where = `${serverId}.${tool}`;
  if (isCodeModeError(error)) return error;
  if (error instanceof SdkError) {
    if (error.code === SdkErrorCode.RequestTimeout) {
      return new CodeModeError("TIMEOUT", `Upstream call ${where} got no answer within ${timeoutMs} ms.`, { cause: error });
    }
    if (error.code === SdkErrorCode.InvalidResult || error.code === SdkErrorCode.UnsupportedResultType) {
      return new CodeModeError("TOOL_ERROR", `Upstream ${serverId} returned a malformed result for ${where}.`, { cause: error });
    }
    if (error.code === SdkErrorCode.InputRequiredRoundsExceeded) {
      return new CodeModeError("TOOL_ERROR", `Upstream ${serverId} kept asking for input during ${where}; the call was given up.`, { cause: error });
    }
    if (!CONNECTION_LOST.has(error.code)) {
      return new CodeModeError("TOOL_ERROR", `Upstream call ${where} failed: ${redact(error.message)}`, { cause: error });
    }
  }
  if (error instanceof ProtocolError) {
    // The wording SDK 1.x gave these messages, which scripts may already match on.
    const message = `MCP error ${error.code}: ${redact(error.message)}`;
    if (error.code === CONNECTION_CLOSED) {
      return new CodeModeError("UNAVAILABLE", `Upstream ${serverId} closed the connection during ${where}.`, { cause: error });
    }
    // The SDK's client checks structuredContent against the tool's outputSchema and reports a mismatch this way.
    if (/structured content/i.test(error.message)) {
      return new CodeModeError("TOOL_ERROR", `Upstream ${serverId} returned a malformed result for ${where}: ${message}`, {
        cause: error,
      });
    }
    if (error.code === ProtocolErrorCode.InvalidParams) {
      return new CodeModeError("INVALID_ARGUMENTS", `Upstream ${serverId} rejected the arguments of ${where}: ${message}`, { cause: error });
    }
    return new CodeModeError("TOOL_ERROR", `Upstream ${serverId} answered ${where} with an error: ${message}`, { cause: error });
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed) {
    return new CodeModeError("UNAVAILABLE", `Upstream ${serverId} closed the connection during ${where}.`, { cause: error });
  }
  if (error instanceof RangeError) {
    return new CodeModeError("TOOL_ERROR", `Upstream ${serverId} returned a result for ${where} nested too deeply to read.`, { cause: error });
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
