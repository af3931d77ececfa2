import { randomUUID } from "node:crypto";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { CreateMessageRequest, ElicitRequestFormParams, ElicitRequestURLParams, RequestId } from "@modelcontextprotocol/sdk/types.js";
import type { CallerAnswer, CallerQuestion } from "../tools/index.js";

// The question's own signal ends the wait (the upstream gave up, the execution ended); the SDK's 60 s default must not.
const NO_SDK_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Asks the 2025-era MCP client behind one `execute` request a question an upstream raised, as a request of its
 * own on that session, related to the `execute` request (so over HTTP it travels on that request's stream).
 * Rejects, saying why, when the client did not declare what the question needs.
 */
export async function askSessionClient(server: Server, requestId: RequestId, question: CallerQuestion, signal: AbortSignal): Promise<CallerAnswer> {
  const capabilities = server.getClientCapabilities();
  const options = { relatedRequestId: requestId, signal, timeout: NO_SDK_TIMEOUT_MS };
  if (question.method === "sampling/createMessage") {
    if (!capabilities?.sampling) throw new Error("the MCP client behind this execution did not declare the sampling capability");
    return (await server.createMessage(question.params as CreateMessageRequest["params"], options)) as CallerAnswer;
  }
  const mode = question.params.mode === "url" ? "url" : "form";
  if (!capabilities?.elicitation?.[mode]) {
    throw new Error(`the MCP client behind this execution did not declare ${mode} elicitation`);
  }
  // A 2026-07-28 upstream's URL elicitation has no elicitationId (its requestState correlates the answer); the 2025
  // revision requires one.
  const params = (mode === "url" && !("elicitationId" in question.params) ? { ...question.params, elicitationId: randomUUID() } : question.params) as
    | ElicitRequestFormParams
    | ElicitRequestURLParams;
  return (await server.elicitInput(params, options)) as CallerAnswer;
}
