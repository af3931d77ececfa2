/**
 * One host call of a run that may pause, at its position in the run: what the script asked for and, once answered,
 * the envelope it received. A resumed run makes the same calls again and gets these envelopes back.
 */
export interface RecordedCall {
  /** The call's position in the run, 1-based, as the worker numbers every call the script makes. */
  id: number;
  /** `note` is a call the guest refused itself (arguments that are not JSON, host calls used up). */
  kind: "tool" | "catalog" | "files" | "resources" | "note";
  name: string;
  /** The arguments' JSON text as the guest wrote it; absent for a note. */
  args?: string;
  /** The call asked for its content blocks. */
  content?: true;
  /** The envelope's JSON text; absent while the call waits for a person's decision. */
  envelope?: string;
  /** The envelope holds encoded bytes. */
  bytes?: true;
  /** The line of the user's script that made the call, when the host knew it. */
  line?: number;
}

/**
 * Everything a run observed that may differ when it runs again: its host calls in order, the groups in which their
 * replies were delivered (delivering the same groups in the same order reproduces the same interleaving), every
 * `Date.now()` it read and the seed of its `Math.random()`.
 */
export interface RunRecord {
  calls: RecordedCall[];
  /** The call positions each delivery of replies settled, in delivery order. */
  deliveries: number[][];
  /** The clock readings, run-length encoded: `[value, times, value, times, ...]`. */
  clock: number[];
  /** Four unsigned 32-bit words seeding the script's `Math.random()`. */
  seed: number[];
}

/** How a run that paused ended, as the worker reports it: its record, the calls waiting and the time it used. */
export interface PausedRun {
  record: RunRecord;
  /** Positions of the calls waiting for a decision, in call order. */
  pending: number[];
  /** The run's own time: wall-clock time minus time held and the replay's credit. */
  elapsedMs: number;
}
