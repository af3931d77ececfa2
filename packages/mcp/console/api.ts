// The console API, as the page calls it: same-origin requests that carry the console's header and the session
// cookie (HttpOnly: this page never sees the token), and runs streamed as JSON lines.

const HEADERS = { "x-codemode-console": "1" };

/** The API answered 401: the person must sign in (again). */
export class SignInNeeded extends Error {}

/** Calls one API route; resolves with its JSON, throws its `error` message otherwise. */
export async function api<T>(route: string, options: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`api/${route}`, {
    method: options.method ?? "GET",
    credentials: "same-origin",
    headers: options.body === undefined ? HEADERS : { ...HEADERS, "content-type": "application/json" },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  if (response.status === 401) throw new SignInNeeded(await messageOf(response));
  if (!response.ok) throw new Error(await messageOf(response));
  return (await response.json()) as T;
}

/** Posts to a route that answers with JSON lines (a run), handing each line over as it arrives. */
export async function stream(route: string, body: unknown, onLine: (line: StreamLine) => void): Promise<void> {
  const response = await fetch(`api/${route}`, {
    method: "POST",
    credentials: "same-origin",
    headers: { ...HEADERS, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status === 401) throw new SignInNeeded(await messageOf(response));
  if (!response.ok || !response.body) throw new Error(await messageOf(response));
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pending += value;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) onLine(JSON.parse(line) as StreamLine);
  }
}

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: string };
    return body.error ?? `${response.status} ${response.statusText}`;
  } catch {
    return `${response.status} ${response.statusText}`;
  }
}

/** Who is signed in, and what this gateway can do. */
export interface Me {
  principal: string;
  signInNeeded: boolean;
  features: { sessions: boolean };
}

/** One event of a run, as the core tells it (ExecutionEvent). */
export type RunEvent =
  | { type: "tool-call-start"; at: number; callId: string; tool: string; arguments: string }
  | { type: "tool-call-end"; at: number; callId: string; tool: string; ok: boolean; durationMs: number; errorCode?: string }
  | { type: "approval-asked"; at: number; callId: string; tool: string }
  | { type: "approval-answered"; at: number; callId: string; tool: string; status: string; waitedMs: number }
  | { type: "logs"; at: number; lines: string[]; dropped: number }
  | { type: "end"; at: number; status: string; durationMs: number; error: { kind: string; message: string } | null };

/** A fault the check found in a script, with its place (1-based lines, columns in UTF-16 units). */
export interface CheckDiagnostic {
  code: string;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  suggestion?: string;
}

/** A call a paused run waits on. */
export interface PendingCall {
  callId: string;
  tool: string;
  arguments: unknown;
  line: number | null;
}

/** A run's result as the console shows it (an ExecutionResult without its continuation). */
export interface RunResult {
  status: "completed" | "failed" | "paused";
  result: unknown;
  error: { kind: string; message: string; line: number | null } | null;
  logs: string[];
  toolCalls: { tool: string; ok: boolean; durationMs: number; errorCode?: string }[];
  diagnostics: { code: string; message: string }[];
  durationMs: number;
  pending?: PendingCall[];
}

/** One line of a run's stream. */
export type StreamLine =
  | { type: "event"; event: RunEvent }
  | { type: "result"; result: RunResult; pausedRunId?: string }
  | { type: "error"; message: string };
