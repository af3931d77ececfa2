/** Every limit an execution runs under. */
export interface ExecutionLimits {
  /** Wall-clock deadline of one execution. */
  timeoutMs: number;
  /** Memory the script's engine may use, enforced by a capped WebAssembly memory. */
  memoryBytes: number;
  /** Stack the script's engine may use; deeper recursion is a StackOverflow. */
  maxStackBytes: number;
  /** Tool, catalog and console calls one execution may make. */
  maxHostCalls: number;
  /** Tool calls in flight at once; more wait their turn. */
  maxConcurrentCalls: number;
  /** Size of the whole execution result, as JSON. */
  maxOutputBytes: number;
  /** Console lines kept. */
  maxLogLines: number;
  /** Bytes kept of one console line. */
  maxLogLineBytes: number;
  /** Size of the script's source. */
  maxCodeBytes: number;
  /** Size of one tool result, as JSON, delivered to the script; a failed call's error message is cut to it too. */
  maxToolResultBytes: number;
  /**
   * Size of one call's arguments, as JSON (bytes a script writes to a file count as base64), that the script may send
   * to the host; a larger call gets `limit_exceeded` from the sandbox and the host never sees it.
   */
  maxArgumentBytes: number;
  /** Size of all the arguments one execution may send to the host; the calls past it get `limit_exceeded`. */
  maxTotalArgumentBytes: number;
  /**
   * How long one call may wait for approval (see `requiresApproval`); past it the call fails with `timeout` and the
   * script goes on. Time spent waiting for approval does not count against `timeoutMs`.
   */
  approvalTimeoutMs: number;
}

const MiB = 1024 * 1024;

/** The limits an execution gets where none is given. */
export const DEFAULT_LIMITS: Readonly<ExecutionLimits> = Object.freeze({
  timeoutMs: 30_000,
  memoryBytes: 64 * MiB,
  maxStackBytes: 1 * MiB,
  maxHostCalls: 256,
  maxConcurrentCalls: 32,
  maxOutputBytes: 1 * MiB,
  maxLogLines: 128,
  maxLogLineBytes: 4096,
  maxCodeBytes: 256 * 1024,
  maxToolResultBytes: 8 * MiB,
  maxArgumentBytes: 1 * MiB,
  maxTotalArgumentBytes: 16 * MiB,
  approvalTimeoutMs: 5 * 60_000,
});
