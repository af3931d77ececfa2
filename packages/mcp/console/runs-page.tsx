import { useEffect, useState } from "preact/hooks";
import { api, type RunEvent } from "./api.js";
import { EventLine } from "./run-view.js";
import { ErrorNote, formatMs, formatWhen, PageHead, Pill } from "./ui.js";

interface RunSummary {
  id: string;
  startedAt: string;
  status: string;
  durationMs: number | null;
  errorKind: string | null;
  toolCalls: { tool: string; ok: boolean; durationMs: number; errorCode?: string }[];
}

interface RunDetail extends RunSummary {
  timeline: RunEvent[];
  timelineDropped: number;
}

/** Recent executions of this principal (from the audit records this gateway process made), and one run's timeline. */
export function RunsPage({ id }: { id: string | undefined }) {
  const [runs, setRuns] = useState<RunSummary[]>();
  const [run, setRun] = useState<RunDetail>();
  const [error, setError] = useState<string>();
  const load = () => api<{ runs: RunSummary[] }>("runs").then((answer) => setRuns(answer.runs), (failure: Error) => setError(failure.message));
  useEffect(() => void load(), []);
  useEffect(() => {
    if (id) api<RunDetail>(`runs/${id}`).then(setRun, (failure: Error) => setError(failure.message));
    else setRun(undefined);
  }, [id]);
  return (
    <>
      <PageHead title="Runs" actions={<button class="btn" onClick={() => void load()}>Refresh</button>}>
        Your recent executions through this gateway, from any client. Choose one to see its timeline.
      </PageHead>
      <ErrorNote message={error} />
      <div class="stack">
        {run ? <Timeline run={run} /> : null}
        <div class="panel">
          <table aria-label="Recent runs">
            <thead>
              <tr>
                <th>Started</th>
                <th>Status</th>
                <th>Duration</th>
                <th>Tool calls</th>
                <th>Tools</th>
                <th>Error</th>
              </tr>
            </thead>
            <tbody>
              {runs?.map((summary) => (
                <tr key={summary.id} class="clickable" onClick={() => (location.hash = `#/runs/${summary.id}`)}>
                  <td>{formatWhen(summary.startedAt)}</td>
                  <td>
                    <Pill status={summary.status} />
                  </td>
                  <td>{formatMs(summary.durationMs)}</td>
                  <td>
                    {summary.toolCalls.length}
                    {summary.toolCalls.some((call) => !call.ok) ? <span class="faint"> ({summary.toolCalls.filter((call) => !call.ok).length} failed)</span> : null}
                  </td>
                  <td class="mono small">{[...new Set(summary.toolCalls.map((call) => call.tool))].join(", ")}</td>
                  <td class="mono small">{summary.errorKind ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {runs?.length === 0 ? <div class="empty">No runs yet. Run a script in the Playground, or call execute from any MCP client.</div> : null}
        </div>
      </div>
    </>
  );
}

/** Each tool call as a bar placed at its start, as long as it took, against the run's whole length. */
function Timeline({ run }: { run: RunDetail }) {
  const starts = new Map<string, RunEvent & { type: "tool-call-start" }>();
  const lanes: { key: string; tool: string; from: number; to: number; ok: boolean; waited: number }[] = [];
  const waits = new Map<string, number>();
  for (const event of run.timeline) {
    if (event.type === "tool-call-start") starts.set(event.callId, event);
    if (event.type === "approval-answered") waits.set(event.callId, event.waitedMs);
    if (event.type === "tool-call-end") {
      const start = starts.get(event.callId);
      lanes.push({ key: event.callId, tool: event.tool, from: start?.at ?? event.at - event.durationMs, to: event.at, ok: event.ok, waited: waits.get(event.callId) ?? 0 });
    }
  }
  const end = Math.max(1, run.durationMs ?? 0, ...run.timeline.map((event) => event.at));
  const percent = (ms: number) => `${Math.min(100, (ms / end) * 100)}%`;
  return (
    <div class="panel" aria-label="Timeline">
      <div class="panel-head">
        <h2>
          Run {formatWhen(run.startedAt)} <Pill status={run.status} />
        </h2>
        <span class="faint small">
          {formatMs(run.durationMs)}, {run.toolCalls.length} tool call(s)
        </span>
      </div>
      <div class="timeline">
        {lanes.map((lane) => (
          <div class="lane" key={lane.key}>
            <span class="name" title={lane.tool}>
              {lane.tool}
            </span>
            <div class="track">
              {lane.waited > 0 ? <div class="bar wait" style={{ left: percent(lane.from), width: percent(lane.waited) }} /> : null}
              <div class={`bar ${lane.ok ? "" : "bad"}`} style={{ left: percent(lane.from + lane.waited), width: percent(Math.max(0, lane.to - lane.from - lane.waited)) }} />
            </div>
            <span class="ms">{formatMs(lane.to - lane.from)}</span>
          </div>
        ))}
        {lanes.length === 0 ? <div class="faint small">No tool calls.</div> : null}
      </div>
      <div class="gap" />
      <h3>Events</h3>
      <div class="events">
        {run.timeline.map((event, index) => (
          <EventLine key={index} event={event} />
        ))}
        {run.timelineDropped > 0 ? <div class="faint small">{run.timelineDropped} more event(s) not kept</div> : null}
      </div>
    </div>
  );
}
