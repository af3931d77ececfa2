// The adapter's tests run against ai 6 in this package and against ai 7 in tests/ai-sdk-ai7. These are the places
// where the two majors differ, so one test file serves both.
import aiPackage from "ai/package.json" with { type: "json" };
import * as aiTest from "ai/test";
import type { ToolSet } from "ai";

/** The major of the `ai` package these tests resolved. */
export const AI_MAJOR = Number(aiPackage.version.split(".")[0]);

/** The mock model of that major: `MockLanguageModelV4` in ai 7, `MockLanguageModelV3` in ai 6 (same call shapes). */
export const MockLanguageModel: typeof aiTest.MockLanguageModelV3 =
  (aiTest as unknown as { MockLanguageModelV4?: typeof aiTest.MockLanguageModelV3 }).MockLanguageModelV4 ?? aiTest.MockLanguageModelV3;

/** A model made by {@link MockLanguageModel}. */
export type MockModel = InstanceType<typeof MockLanguageModel>;

/** The key of a tool's call options that holds the caller's context: ai 6 `experimental_context`, ai 7 `context`. */
export const CONTEXT_KEY = AI_MAJOR >= 7 ? "context" : "experimental_context";

/** generateText options that give the `execute` tool a context: ai 6 `experimental_context`, ai 7 `toolsContext`. */
export function withContext(value: unknown): Record<never, never> {
  return (AI_MAJOR >= 7 ? { toolsContext: { execute: value } } : { experimental_context: value }) as never;
}

/** The caller's context as a tool's call options (or a needsApproval function's options) carry it. */
export function contextOf(options: unknown): unknown {
  return (options as Record<string, unknown> | undefined)?.[CONTEXT_KEY];
}

/** Call options for calling a tool's `execute` directly, as generateText would with the given context. */
export function callOptions(context?: unknown): { toolCallId: string; messages: [] } {
  return { toolCallId: "call-1", messages: [], ...(context === undefined ? {} : { [CONTEXT_KEY]: context }) };
}

/**
 * generateText options under which the `execute` tool needs the user's approval through the AI SDK's own flow (a
 * `tool-approval-request` part, answered by a `tool-approval-response`): ai 6 reads `needsApproval` on the tool, ai 7
 * the call's `toolApproval` setting.
 */
export function withApprovalOf<T extends ToolSet[string]>(execute: T): { tools: { execute: T } } {
  if (AI_MAJOR >= 7) return { tools: { execute }, toolApproval: { execute: "user-approval" } } as never;
  return { tools: { execute: { ...execute, needsApproval: true } } };
}
