import { createAllowFilter } from "@codemode/core";
import type { RecentRun } from "../operate/index.js";

/** One upstream as the gateway knows it, for the console's upstreams page. */
export interface UpstreamView {
  id: string;
  status: string;
  protocolVersion: string | undefined;
  /** Why the last attempt failed while it is down. */
  error: string | undefined;
  lastFailure: { message: string; at: string } | undefined;
  reconnects: number;
  /** The names of its tools (`<id>.<tool>`). */
  tools: string[];
}

/**
 * The upstreams a principal may see, each with the tools it may use counted: those with a tool its allowlist admits,
 * or, while an upstream is down and lists none, whose namespace a pattern names. The others' names and errors are
 * not shown.
 */
export function visibleUpstreams(upstreams: readonly UpstreamView[], allow: readonly string[] | undefined) {
  const allowed = createAllowFilter(allow);
  const namespaces = allow === undefined ? undefined : allow.map((pattern) => createAllowFilter([pattern.split(".")[0] ?? pattern]));
  return upstreams
    .filter((upstream) => namespaces === undefined || upstream.tools.some(allowed) || namespaces.some((admits) => admits(upstream.id)))
    .map(({ tools, ...upstream }) => ({ ...upstream, toolCount: tools.filter(allowed).length }));
}

/** A recent run as the runs list shows it: no timeline, no script. */
export function summarizeRun(run: RecentRun) {
  const { record } = run;
  return {
    id: run.id,
    startedAt: run.startedAt,
    status: record?.status ?? "running",
    durationMs: record?.durationMs ?? null,
    errorKind: record?.errorKind ?? null,
    toolCalls: record?.toolCalls ?? [],
    codeSha256: record?.codeSha256 ?? null,
  };
}
