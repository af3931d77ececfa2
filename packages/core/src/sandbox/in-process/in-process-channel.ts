import type { CallBatch, ReplyBatch } from "../protocol.js";
import type { GuestChannel, WaitResult } from "../worker/index.js";

type Replies = ReplyBatch["replies"];

/** A run's channel on the host's own thread, and the host's side of it. */
export interface InProcessChannel extends GuestChannel<Promise<WaitResult>> {
  /** The host's replies to the run's calls; a run waiting for them resumes. */
  reply(replies: Replies): void;
  /** Calls start (`true`) or stop waiting for a person: time held moves the run's deadline on. */
  hold(held: boolean): void;
  /** The host cancels the run: a wait ends at once, and the run stops at its next interrupt poll. */
  cancel(): void;
  /** The run ended: nothing more reaches it. */
  close(): void;
}

/**
 * Creates the channel of one run on the host's thread. Nothing can interrupt the script while it computes (the host
 * shares its thread), so the host's replies, cancels and holds take effect when the script waits or at the interrupt
 * handler's next poll; a wait ends at the deadline by a timer.
 */
export function createInProcessChannel(send: (batch: CallBatch) => void): InProcessChannel {
  let inbox: Replies = [];
  let cancelled = false;
  let closed = false;
  let heldSince: number | null = null;
  let heldTotal = 0;
  let waiter: { resolve(result: WaitResult): void; deadline: number; heldAtStart: number } | undefined;
  // One timer for the run's deadline, kept across its waits (each wait of a run has the same deadline): setting and
  // clearing a timer for every tool call was a tenth of a call's cost.
  let timer: ReturnType<typeof setTimeout> | undefined;
  let armedFor = Infinity;
  const heldMs = () => heldTotal + (heldSince === null ? 0 : Date.now() - heldSince);

  const settle = (result: WaitResult) => {
    const current = waiter;
    if (!current) return;
    waiter = undefined;
    current.resolve(result);
  };
  // A wait's deadline moves on by the time the run was held while it waited; nothing ends a wait while a person decides.
  const arm = () => {
    if (!waiter || heldSince !== null) return;
    const due = waiter.deadline + heldMs() - waiter.heldAtStart;
    if (Date.now() >= due) return settle("timeout");
    if (due === armedFor) return;
    clearTimeout(timer);
    armedFor = due;
    timer = setTimeout(() => {
      armedFor = Infinity;
      arm();
    }, due - Date.now());
  };

  return {
    send: (batch) => {
      if (!closed) send(batch);
    },
    isCancelled: () => cancelled,
    heldMs: () => heldMs(),
    wait(_runId, deadline) {
      if (inbox.length > 0) {
        const replies = inbox;
        inbox = [];
        return Promise.resolve(replies);
      }
      if (cancelled) return Promise.resolve("cancelled");
      return new Promise<WaitResult>((resolve) => {
        waiter = { resolve, deadline, heldAtStart: heldMs() };
        arm();
      });
    },
    reply(replies) {
      if (closed) return;
      if (waiter) return settle(replies);
      inbox.push(...replies);
    },
    hold(held) {
      if (held === (heldSince !== null)) return;
      if (held) heldSince = Date.now();
      else {
        heldTotal += Date.now() - heldSince!;
        heldSince = null;
      }
      arm();
    },
    cancel() {
      cancelled = true;
      settle("cancelled");
    },
    close() {
      closed = true;
      clearTimeout(timer);
      waiter = undefined;
    },
  };
}
