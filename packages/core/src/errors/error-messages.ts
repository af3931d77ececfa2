/** Messages written in more than one place, kept here so they read the same everywhere. */
export const ERROR_MESSAGES = {
  executionCancelled: "The execution was cancelled.",
  callCancelled: "The call was cancelled.",
  toolFailed: "The tool failed.",
} as const;
