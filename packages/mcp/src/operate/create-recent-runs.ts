import { randomUUID } from "node:crypto";
import type { ExecutionEvent, ExecutionEventListener } from "@codemode/core";
import type { AuditRecord } from "./create-audit-log.js";

/** One execution as the console's runs page shows it: its audit record once it ended, and what happened in it. */
export interface RecentRun {
  id: string;
  principal: string;
  startedAt: string;
  /** Absent while the run goes on. */
  record?: AuditRecord;
  /** The run's events in order, at most {@link MAX_TIMELINE}; `timelineDropped` counts those past it. */
  timeline: ExecutionEvent[];
  timelineDropped: number;
}

/** The last executions of this process, with their timelines, for the console. */
export interface RecentRuns {
  /** Starts keeping a run: its listener records the timeline, and `end` files its audit record. */
  begin(principal: string): { onEvent: ExecutionEventListener; end(record: AuditRecord): void };
  /** The runs of one principal, newest first. */
  list(principal: string): RecentRun[];
  /** One run of one principal; undefined for another principal's. */
  get(id: string, principal: string): RecentRun | undefined;
}

/** Runs kept, across every principal: the oldest goes first. */
const MAX_RUNS = 200;
/** Events kept of one run: a run of 256 calls fits, a flood of console lines is cut. */
const MAX_TIMELINE = 1_000;

/** Keeps the last {@link MAX_RUNS} executions in memory; nothing of them survives a restart or crosses to another replica. */
export function createRecentRuns(): RecentRuns {
  const runs = new Map<string, RecentRun>();
  return {
    begin(principal) {
      const run: RecentRun = { id: randomUUID(), principal, startedAt: new Date().toISOString(), timeline: [], timelineDropped: 0 };
      runs.set(run.id, run);
      if (runs.size > MAX_RUNS) runs.delete(runs.keys().next().value!);
      return {
        onEvent(event) {
          if (run.timeline.length < MAX_TIMELINE) run.timeline.push(event);
          else run.timelineDropped++;
        },
        end(record) {
          run.record = record;
        },
      };
    },
    list: (principal) => [...runs.values()].filter((run) => run.principal === principal).reverse(),
    get(id, principal) {
      const run = runs.get(id);
      return run?.principal === principal ? run : undefined;
    },
  };
}
