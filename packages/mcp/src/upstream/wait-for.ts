/**
 * Waits for `promise` to settle, for at most `timeoutMs` and until `signal` aborts, whichever comes first; says which
 * came first, and leaves no timer or listener behind.
 */
export async function waitFor(promise: Promise<unknown>, options: { timeoutMs: number; signal?: AbortSignal | undefined }): Promise<"settled" | "timeout" | "aborted"> {
  const { signal } = options;
  if (signal?.aborted) return "aborted";
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  try {
    return await Promise.race([
      promise.then(
        () => "settled" as const,
        () => "settled" as const,
      ),
      new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), options.timeoutMs))),
      new Promise<"aborted">((resolve) => {
        onAbort = () => resolve("aborted");
        signal?.addEventListener("abort", onAbort, { once: true });
      }),
    ]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener("abort", onAbort);
  }
}
