import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestId } from "@modelcontextprotocol/sdk/types.js";
import type { ApprovalDecision, ApprovalRequest } from "@codemode/core";

const MAX_ARGUMENTS_CHARS = 2000;
// The core ends the wait at approvalTimeoutMs through the request's signal; the SDK's own 60 s default must not.
const NO_SDK_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Asks the MCP client behind one `execute` request whether a tool call may run, through form elicitation on that
 * request's session: accept approves, decline or cancel denies. A client without the elicitation capability is not
 * asked and the call is denied, saying why.
 */
export async function elicitApproval(server: Server, requestId: RequestId, request: ApprovalRequest): Promise<ApprovalDecision> {
  if (!server.getClientCapabilities()?.elicitation?.form) {
    const reason = "the connected MCP client did not declare the elicitation capability, so it cannot be asked for approval";
    return { approved: false, reason };
  }
  let result;
  try {
    result = await server.elicitInput(
      { mode: "form", message: approvalMessage(request), requestedSchema: { type: "object", properties: {} } },
      { relatedRequestId: requestId, signal: request.signal, timeout: NO_SDK_TIMEOUT_MS },
    );
  } catch (error) {
    return { approved: false, reason: `asking the MCP client for approval failed: ${(error as Error).message}` };
  }
  if (result.action === "accept") return true;
  return { approved: false, reason: result.action === "decline" ? "the user declined it" : "the user dismissed the request" };
}

/** What the person is asked: the tool and its arguments, cut to a readable size. */
export function approvalMessage(request: ApprovalRequest): string {
  let args = JSON.stringify(request.arguments ?? {}) ?? "{}";
  if (args.length > MAX_ARGUMENTS_CHARS) args = `${args.slice(0, MAX_ARGUMENTS_CHARS)}… (${args.length} characters)`;
  return `A script wants to call ${request.tool} with ${args}. Allow this call?`;
}
