import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestParams,
  ElicitResult,
  LoggingMessageNotificationParams,
} from "@modelcontextprotocol/client";

/** A question an upstream raises while it serves a call, which only the MCP client behind the execution can answer. */
export type CallerQuestion =
  | { method: "elicitation/create"; params: ElicitRequestParams }
  | { method: "sampling/createMessage"; params: CreateMessageRequestParams };

/** The client's answer: the MCP result of the question's method. */
export type CallerAnswer = ElicitResult | CreateMessageResult;

/** Progress an upstream reports on one call. */
export interface UpstreamProgress {
  progress: number;
  total?: number;
  message?: string;
}

/**
 * The execution a call belongs to, as its upstream's questions and log messages see it. One object per execution:
 * the upstream counts the executions with calls in flight by it.
 */
export interface UpstreamCaller {
  /**
   * Asks the execution's MCP client; rejects, saying why, when that client cannot answer this question. Absent when
   * no client is connected to the execution (`codemode exec`).
   */
  ask?: (question: CallerQuestion, signal: AbortSignal) => Promise<CallerAnswer>;
  /** Receives the upstream's log messages (`notifications/message`) that belong to this execution. */
  log?: (message: LoggingMessageNotificationParams) => void;
  /** Told, in one sentence, of each of this execution's questions the gateway declined instead of asking. */
  onDeclined?: (message: string) => void;
}

/** How one call reaches its upstream: cancellation, the execution it belongs to, and where its progress goes. */
export interface UpstreamCallOptions {
  signal?: AbortSignal;
  caller?: UpstreamCaller;
  onProgress?: (progress: UpstreamProgress) => void;
}
