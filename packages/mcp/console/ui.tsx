// Small pieces every page uses: status pills, times, JSON, notes.
import type { ComponentChildren } from "preact";

const TONES: Record<string, string> = {
  connected: "ok",
  completed: "ok",
  live: "live",
  running: "live",
  connecting: "warn",
  paused: "warn",
  hibernated: "",
  down: "bad",
  failed: "bad",
  closed: "",
};

/** A status in a coloured pill. */
export function Pill({ status, label }: { status: string; label?: string }) {
  return <span class={`pill ${TONES[status] ?? ""}`}>{label ?? status}</span>;
}

/** Milliseconds as a person reads them. */
export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return "–";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** How long ago, or how long until, a time. */
export function formatWhen(time: string | number): string {
  const ms = (typeof time === "number" ? time : Date.parse(time)) - Date.now();
  const ahead = ms > 0;
  const seconds = Math.round(Math.abs(ms) / 1000);
  const span = seconds < 60 ? `${seconds} s` : seconds < 3600 ? `${Math.round(seconds / 60)} min` : `${Math.round(seconds / 3600)} h`;
  return ahead ? `in ${span}` : `${span} ago`;
}

/** A value as indented JSON. */
export function Json({ value }: { value: unknown }) {
  return <pre class="code-block">{JSON.stringify(value, null, 2)}</pre>;
}

export function ErrorNote({ message }: { message: string | undefined }) {
  return message ? <div class="error-note" role="alert">{message}</div> : null;
}

/** A page's title, what it is for, and its actions. */
export function PageHead({ title, children, actions }: { title: string; children?: ComponentChildren; actions?: ComponentChildren }) {
  return (
    <div class="page-head">
      <div>
        <h1>{title}</h1>
        {children ? <p>{children}</p> : null}
      </div>
      {actions ? <div class="row">{actions}</div> : null}
    </div>
  );
}
