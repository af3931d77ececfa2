import type { ExecutionResult } from "@codemode/core";

/** What the metrics read when they are scraped, rather than being told as things happen. */
export interface MetricsSources {
  /** Each upstream's id and state. */
  upstreams(): readonly { id: string; status: string }[];
  /** Executions waiting for a sandbox worker. */
  queued(): number;
  /** Executions running now (started and not finished, any era). */
  running(): number;
  /** Open MCP client sessions (2025-era HTTP sessions and stdio connections). */
  sessions(): number;
  /** In a cluster: whether Redis answers. */
  redisUp?: () => boolean;
}

/** The gateway's Prometheus metrics, in a registry of its own so two gateways in one process do not mix. */
export interface GatewayMetrics {
  /** Counts a finished execution and observes its duration. */
  executionFinished(result: Pick<ExecutionResult, "status" | "error" | "durationMs">): void;
  /** Counts one upstream tool call by its upstream and outcome (`ok` or the envelope's error code). */
  toolCallFinished(upstream: string, outcome: string): void;
  /**
   * Counts one request refused by a quota. `quota` names which (its config key, such as `maxConcurrentExecutions`);
   * keep it to a few fixed names, since each is a time series.
   */
  countQuotaRefusal(quota: string): void;
  /** The Prometheus text exposition of every metric. */
  render(): Promise<{ contentType: string; body: string }>;
}

// Scripts run from milliseconds (a lookup) to minutes (an approval wait).
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/** Metrics that count nothing, for a gateway that serves no `/metrics`. */
export const NO_METRICS: GatewayMetrics = {
  executionFinished: () => undefined,
  toolCallFinished: () => undefined,
  countQuotaRefusal: () => undefined,
  render: async () => ({ contentType: "text/plain; version=0.0.4; charset=utf-8", body: "" }),
};

/**
 * Makes the gateway's metrics over a new registry. `prom-client` is imported only here: loading it takes hundreds of
 * milliseconds, which a gateway without `/metrics` (and every `codemode exec`) should not pay.
 */
export async function loadGatewayMetrics(sources: MetricsSources): Promise<GatewayMetrics> {
  const { Counter, Gauge, Histogram, Registry } = await import("prom-client");
  const registry = new Registry();
  const registers = [registry];
  const executions = new Counter({
    name: "codemode_executions_total",
    help: "Executions finished, by status (completed, failed) and error kind (none when completed).",
    labelNames: ["status", "error_kind"] as const,
    registers,
  });
  const duration = new Histogram({
    name: "codemode_execution_duration_seconds",
    help: "How long executions took, from submission to result, by status.",
    labelNames: ["status"] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const toolCalls = new Counter({
    name: "codemode_tool_calls_total",
    help: "Upstream tool calls made by scripts, by upstream and outcome (ok, or the call's error code).",
    labelNames: ["upstream", "outcome"] as const,
    registers,
  });
  const quotaRefusals = new Counter({
    name: "codemode_quota_refusals_total",
    help: "Requests refused because a quota was reached, by quota.",
    labelNames: ["quota"] as const,
    registers,
  });
  new Gauge({
    name: "codemode_upstream_up",
    help: "Whether each upstream is connected (1) or not (0).",
    labelNames: ["upstream"] as const,
    registers,
    collect() {
      this.reset();
      for (const upstream of sources.upstreams()) this.set({ upstream: upstream.id }, upstream.status === "connected" ? 1 : 0);
    },
  });
  const gauges: [string, string, () => number][] = [
    ["codemode_execution_queue_depth", "Executions waiting for a sandbox worker.", sources.queued],
    ["codemode_executions_in_flight", "Executions started and not finished.", sources.running],
    ["codemode_active_sessions", "Open MCP client sessions (2025-era HTTP sessions and stdio connections).", sources.sessions],
  ];
  const { redisUp } = sources;
  if (redisUp) gauges.push(["codemode_redis_up", "Whether the cluster's Redis answers (1) or not (0).", () => (redisUp() ? 1 : 0)]);
  for (const [name, help, read] of gauges) {
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read());
      },
    });
  }

  return {
    executionFinished(result) {
      executions.inc({ status: result.status, error_kind: result.error?.kind ?? "none" });
      duration.observe({ status: result.status }, result.durationMs / 1000);
    },
    toolCallFinished: (upstream, outcome) => toolCalls.inc({ upstream, outcome }),
    countQuotaRefusal: (quota) => quotaRefusals.inc({ quota }),
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
