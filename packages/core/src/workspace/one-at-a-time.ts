const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `task` after every task queued earlier under the same key has settled, so that a check and the write it
 * allows cannot interleave with another's. A key's queue is dropped once it is empty.
 */
export function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const result = previous.then(task, task);
  const settled = result.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return result;
}
