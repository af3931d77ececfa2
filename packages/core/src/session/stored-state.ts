import type { Diagnostic, SessionSnapshot } from "../envelopes/index.js";
import type { FunctionIndex } from "./analyze-functions.js";
import { checkSnapshot } from "./check-snapshot.js";

// A session's state as the store keeps it: the JSON list of the names its snapshot could not keep, each with why, a
// line break, then the snapshot's JSON graph (see SESSION_STATE_SOURCE). JSON text never holds a raw line break, so
// the first one ends the list, and the host reads the list without parsing the graph.

/** The diagnostic code of names a session did not keep. */
export const NOT_KEPT_CODE = "session_not_kept";

const EMPTY_STATE = JSON.stringify({ v: 1, g: [], n: [] });

/** Splits a stored state into the names it lost, with why, and the graph to restore. */
export function readStoredState(text: string): { notKept: [string, string][]; state: string } {
  const split = text.indexOf("\n");
  if (split < 0) return { notKept: [], state: text };
  return { notKept: JSON.parse(text.slice(0, split)) as [string, string][], state: text.slice(split + 1) };
}

/**
 * The stored text of a snapshot a run wrote: its functions checked (a closure over an inner scope, which its source
 * cannot bring back, is not kept), at most `maxBytes` characters of graph. `index` holds the functions of the scripts
 * that ran in the realm the snapshot was taken of.
 */
export async function encodeSnapshot(snapshot: SessionSnapshot, index: FunctionIndex, maxBytes: number): Promise<string> {
  const checked = await checkSnapshot(snapshot, index);
  if (checked.state.length > maxBytes) {
    return lostState(`its state is ${checked.state.length} characters of JSON, over sessions.maxStateBytes (${maxBytes})`);
  }
  return `${JSON.stringify(checked.notKept)}\n${checked.state}`;
}

/** The stored text of a session none of whose variables could be kept, with why. */
export function lostState(reason: string): string {
  return `${JSON.stringify([["every variable", `none was kept: ${reason}`]])}\n${EMPTY_STATE}`;
}

/** The names an execution runs without, each with why; the code and the wording are documented in docs/sessions.md. */
export function notKeptDiagnostic(notKept: [string, string][]): Diagnostic {
  const names = notKept.map(([name]) => name).join(", ");
  const reasons = notKept.map(([, reason]) => reason).join("; ");
  return {
    code: NOT_KEPT_CODE,
    message: `Not kept when the session left its worker, so not defined in this execution: ${names} (${reasons}). Define them at the top level (functions and classes by declaration) or keep plain data.`,
  };
}
