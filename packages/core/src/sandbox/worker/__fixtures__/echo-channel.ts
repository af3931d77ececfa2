import type { CallBatch, ReplyBatch } from "../../protocol.js";
import type { GuestChannel } from "../guest-channel.js";

/** A host in the same thread: every tool call is answered at once with its own arguments. */
export function echoChannel(): GuestChannel & { batches: CallBatch[] } {
  const batches: CallBatch[] = [];
  return {
    batches,
    send: (batch) => batches.push(batch),
    isCancelled: () => false,
    wait: (): ReplyBatch["replies"] | "timeout" => {
      const last = batches.at(-1);
      if (!last) return "timeout";
      return last.calls.flatMap((call) =>
        call.kind === "note" ? [] : [{ callId: call.callId, envelope: `{"ok":true,"data":${call.args}}`, bytes: false }],
      );
    },
  };
}
