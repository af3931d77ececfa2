/** Messages written in more than one place, kept here so they read the same everywhere. */
export const ERROR_MESSAGES = {
  executionCancelled: "The execution was cancelled.",
  callCancelled: "The call was cancelled.",
  toolFailed: "The tool failed.",
} as const;

/**
 * The messages of the execution limits, each naming the limit that raises it: `limits.<name>` is both the option of
 * `createCodeMode` (and of the adapters) and the key of the gateway's config file.
 */
export const LIMIT_MESSAGES = {
  timeout: (timeoutMs: number) => `Script ran past its ${timeoutMs} ms deadline; limits.timeoutMs raises it.`,
  memory: (limit: string) => `Script ran out of memory (limit ${limit}); limits.memoryBytes raises it.`,
  stack: "Script overflowed its stack (too deep recursion); limits.maxStackBytes raises it.",
  hostCalls: (maxHostCalls: number) => `Script made more than ${maxHostCalls} host calls; limits.maxHostCalls raises it.`,
  result: (maxOutputBytes: number) => `Script's result is larger than ${maxOutputBytes} bytes; limits.maxOutputBytes raises it.`,
  toolResult: (maxToolResultBytes: number) => `The tool's result is larger than ${maxToolResultBytes} bytes; limits.maxToolResultBytes raises it.`,
  code: (bytes: number, maxCodeBytes: number) => `The script is ${bytes} bytes, over the ${maxCodeBytes}-byte limit; limits.maxCodeBytes raises it.`,
} as const;
