import type { ExecutionEvent } from "./execution-event.js";

/**
 * One short line for a person watching a run, such as `billing.list_invoices started`, `waiting for approval of
 * crm.delete_customer` or a console line the script wrote ("read page 7 of 20"); undefined for a `logs` event with no
 * line. Progress notifications and preliminary results show it.
 */
export function describeExecutionEvent(event: ExecutionEvent): string | undefined {
  switch (event.type) {
    case "tool-call-start":
      return `${event.tool} started`;
    case "tool-call-end":
      return event.ok ? `${event.tool} finished` : `${event.tool} failed (${event.errorCode ?? "tool_error"})`;
    case "approval-asked":
      return `waiting for approval of ${event.tool}`;
    case "approval-answered":
      return `${event.tool} ${event.status === "approved" ? "approved" : event.status === "denied" ? "denied" : `not approved (${event.status})`}`;
    case "logs":
      return event.lines.at(-1);
    case "end":
      return event.status === "failed" ? `failed: ${event.error?.message ?? "unknown error"}` : event.status;
  }
}
