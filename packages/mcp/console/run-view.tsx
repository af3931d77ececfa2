// A run as it happens: its events, console lines and result, as the playground and the approvals page show them.
import { useState } from "preact/hooks";
import { stream, type PendingCall, type RunEvent, type RunResult } from "./api.js";
import { ErrorNote, formatMs, Json, Pill } from "./ui.js";

/** What a streamed run has shown so far. */
export interface RunState {
  running: boolean;
  events: RunEvent[];
  lines: string[];
  dropped: number;
  result?: RunResult;
  pausedRunId?: string;
  error?: string;
}

const IDLE: RunState = { running: false, events: [], lines: [], dropped: 0 };

/** Starts runs (or decisions) on a streaming route and keeps what they show. */
export function useRun(): [RunState, (route: string, body: unknown) => Promise<RunState>] {
  const [state, setState] = useState<RunState>(IDLE);
  const start = async (route: string, body: unknown) => {
    let current: RunState = { ...IDLE, running: true };
    const update = (next: RunState) => setState((current = next));
    update(current);
    try {
      await stream(route, body, (line) => {
        if (line.type === "event") {
          const { event } = line;
          const lines = event.type === "logs" ? [...current.lines, ...event.lines] : current.lines;
          update({ ...current, events: [...current.events, event], lines, dropped: event.type === "logs" ? event.dropped : current.dropped });
        } else if (line.type === "result") update({ ...current, result: line.result, ...(line.pausedRunId ? { pausedRunId: line.pausedRunId } : {}) });
        else update({ ...current, error: line.message });
      });
    } catch (error) {
      update({ ...current, error: (error as Error).message });
    }
    update({ ...current, running: false });
    return current;
  };
  return [state, start];
}

/** One event as a line of the run's timeline. */
export function EventLine({ event }: { event: RunEvent }) {
  const at = <span class="at">{formatMs(event.at)}</span>;
  switch (event.type) {
    case "tool-call-start":
      return (
        <div class="event start" data-event={event.type}>
          {at}
          <span class="dot" />
          <span class="what">
            <code>{event.tool}</code> started <span class="detail">{event.arguments}</span>
          </span>
        </div>
      );
    case "tool-call-end":
      return (
        <div class={`event ${event.ok ? "ok" : "bad"}`} data-event={event.type}>
          {at}
          <span class="dot" />
          <span class="what">
            <code>{event.tool}</code> {event.ok ? "finished" : `failed: ${event.errorCode ?? "tool_error"}`} <span class="faint">in {formatMs(event.durationMs)}</span>
          </span>
        </div>
      );
    case "approval-asked":
      return (
        <div class="event ask" data-event={event.type}>
          {at}
          <span class="dot" />
          <span class="what">
            waiting for a person to approve <code>{event.tool}</code>
          </span>
        </div>
      );
    case "approval-answered":
      return (
        <div class={`event ${event.status === "approved" ? "ok" : "bad"}`} data-event={event.type}>
          {at}
          <span class="dot" />
          <span class="what">
            <code>{event.tool}</code> {event.status}
          </span>
        </div>
      );
    case "logs":
      return (
        <div class="event log" data-event={event.type}>
          {at}
          <span class="dot" />
          <span class="what detail">{event.lines.length > 0 ? event.lines.join("\n") : `${event.dropped} line(s) dropped past maxLogLines`}</span>
        </div>
      );
    case "end":
      return (
        <div class={`event ${event.status === "failed" ? "bad" : "ok"}`} data-event={event.type}>
          {at}
          <span class="dot" />
          <span class="what">
            run {event.status} {event.error ? <span class="detail">{event.error.kind}: {event.error.message}</span> : null}
          </span>
        </div>
      );
  }
}

/** The pending calls of a paused run, as the result shows them. */
export function PendingList({ pending }: { pending: PendingCall[] }) {
  return (
    <div>
      {pending.map((call) => (
        <div class="call" key={call.callId}>
          <div>
            <div class="tool">{call.tool}</div>
            <div class="detail mono small">{JSON.stringify(call.arguments)}</div>
          </div>
          <span class="faint small">{call.line === null ? "" : `line ${call.line}`}</span>
        </div>
      ))}
    </div>
  );
}

/** Events beside console lines and the result. */
export function RunView({ state }: { state: RunState }) {
  const { result } = state;
  return (
    <div class="grid-2">
      <div class="panel">
        <div class="panel-head">
          <h2>Live events</h2>
          {state.running ? <Pill status="running" /> : result ? <Pill status={result.status} /> : null}
        </div>
        <div class="events" aria-label="Live events">
          {state.events.length === 0 ? <div class="empty small">{state.running ? "Starting…" : "Run a script to see its tool calls as they happen."}</div> : null}
          {state.events.map((event, index) => (
            <EventLine key={index} event={event} />
          ))}
        </div>
      </div>
      <div class="stack">
        <div class="panel">
          <div class="panel-head">
            <h2>Console</h2>
            <span class="faint small">{state.lines.length} line(s)</span>
          </div>
          <div class="console" aria-label="Console">
            {state.lines.length === 0 && state.dropped === 0 ? <div class="quiet">{state.running ? "Nothing printed yet." : "What the script prints with console.log shows here."}</div> : null}
            {state.lines.map((line, index) => (
              <div class="line" key={index}>
                {line}
              </div>
            ))}
            {state.dropped > 0 ? <div class="note">{state.dropped} more line(s) dropped past maxLogLines</div> : null}
          </div>
        </div>
        <div class="panel" aria-label="Result">
          <div class="panel-head">
            <h2>Result</h2>
            {result ? <span class="faint small">{formatMs(result.durationMs)}, {result.toolCalls.length} tool call(s)</span> : null}
          </div>
          <ErrorNote message={state.error} />
          {result?.status === "paused" ? (
            <div class="warn-note">
              The run is waiting for a person to approve {result.pending?.length ?? 0} call(s). Decide in <a href="#/approvals">Approvals</a>.
              {result.pending ? <PendingList pending={result.pending} /> : null}
            </div>
          ) : null}
          {result?.error ? <div class="error-note">{result.error.kind}: {result.error.message}{result.error.line ? ` (line ${result.error.line})` : ""}</div> : null}
          {result && result.status === "completed" ? <Json value={result.result} /> : null}
          {result && result.diagnostics.length > 0 ? (
            <div class="notes" aria-label="Diagnostics">
              {result.diagnostics.map((found, index) => (
                <div class="problem" key={index}>
                  <span class="mono faint">{found.code}</span> {found.message}
                </div>
              ))}
            </div>
          ) : null}
          {!result && !state.error ? <div class="empty small">{state.running ? "Running…" : "No result yet."}</div> : null}
        </div>
      </div>
    </div>
  );
}
