import type { RecordedCall, RunRecord } from "../../envelopes/index.js";
import type { ReplyBatch, RunRecording } from "../protocol.js";

type Reply = ReplyBatch["replies"][number];

/** What the recorder makes of a call the script just made. */
export type CallVerdict =
  /** Answered from the record when its delivery group comes up; the host never sees it. */
  | "replayed"
  /** Goes to the host: a call the record has no answer for (a decided call, or one past the record). */
  | "send"
  /** The script took another path than the record: the run stops with ResumeDiverged. */
  | { diverged: string };

/**
 * The worker's record of a run that may pause, and its replay when the run is resumed. The script runs again from the
 * top; each call it makes is checked against the record at its position, recorded answers are delivered in the
 * recorded groups and order, and clock readings come from the record, so the script takes the same path up to the
 * point where it paused. Calls past the record are held back until the replay is over.
 */
export class RunRecorder {
  private readonly calls = new Map<number, RecordedCall>();
  private readonly deliveries: number[][];
  private readonly replayed: number;
  private readonly lastRecorded: number;
  private readonly clockReplay: number[];
  private readonly clock: number[] = [];
  private clockCursor = 0;
  private clockLeft = 0;
  private next = 0;
  private highest = 0;
  /** Whether the replay is over: every recorded delivery made and every recorded call made again. */
  private done: boolean;

  constructor(private readonly recording: RunRecording) {
    const replay = recording.replay;
    for (const call of replay?.calls ?? []) this.calls.set(call.id, { ...call });
    this.deliveries = replay ? replay.deliveries.map((group) => [...group]) : [];
    this.replayed = this.deliveries.length;
    this.lastRecorded = replay?.calls.at(-1)?.id ?? 0;
    this.clockReplay = replay?.clock ?? [];
    this.done = replay === undefined;
  }

  /** Whether the run is still replaying what it did before it paused. */
  get replaying(): boolean {
    return !this.done;
  }

  /** Checks and records a call the script made at position `id`. */
  call(id: number, kind: RecordedCall["kind"], name: string, args?: string, content?: boolean): CallVerdict {
    this.highest = id;
    const recorded = this.calls.get(id);
    if (id <= this.lastRecorded) {
      const same = recorded !== undefined && recorded.kind === kind && recorded.name === name && (recorded.args ?? "") === (args ?? "")
        && (recorded.content === true) === (content === true);
      if (!same) return { diverged: divergence(id, { kind, name }, recorded) };
      this.settle();
      return recorded.envelope === undefined ? "send" : "replayed";
    }
    if (!this.done) {
      return { diverged: `The script made a call it did not make before the pause, ${describe({ kind, name })} as call ${id}.` };
    }
    this.calls.set(id, { id, kind, name, ...(args === undefined ? {} : { args }), ...(content ? { content: true as const } : {}) });
    return "send";
  }

  /**
   * The next recorded delivery, when every call in it has been made again (`made` says which were); null when the
   * replay waits for none. A replay that waits for calls the script did not make again has diverged.
   */
  nextDelivery(made: (id: number) => boolean): Reply[] | { diverged: string } | null {
    if (this.done) return null;
    const group = this.next < this.replayed ? this.deliveries[this.next] : undefined;
    if (group === undefined) {
      this.settle();
      if (this.done) return null;
      const missing = this.calls.get(this.highest + 1);
      return { diverged: `The script stopped short of a call it made before the pause${missing ? `, ${describe(missing)} as call ${missing.id}` : ""}.` };
    }
    const absent = group.find((id) => !made(id));
    if (absent !== undefined) {
      const call = this.calls.get(absent);
      return { diverged: `The script waits on other calls than before the pause: it did not make ${call ? describe(call) : "a call"} as call ${absent} again.` };
    }
    this.next++;
    const replies = group.map((id) => {
      const call = this.calls.get(id)!;
      return { callId: id, envelope: call.envelope!, bytes: call.bytes === true };
    });
    this.settle();
    return replies;
  }

  /** Records a delivery of the host's replies: its group, and each call's envelope. */
  delivered(replies: readonly Reply[]): void {
    const group: number[] = [];
    for (const reply of replies) {
      const call = this.calls.get(reply.callId);
      if (!call) continue;
      call.envelope = reply.envelope;
      if (reply.bytes) call.bytes = true;
      group.push(reply.callId);
    }
    if (group.length > 0) this.deliveries.push(group);
  }

  /** The clock as the script reads it: the recorded reading while there is one, else the worker's own clock. */
  now(): number {
    let value: number;
    if (this.clockLeft === 0 && this.clockCursor < this.clockReplay.length) {
      this.clockLeft = this.clockReplay[this.clockCursor + 1]!;
      this.clockCursor += 2;
    }
    if (this.clockLeft > 0) {
      this.clockLeft--;
      value = this.clockReplay[this.clockCursor - 2]!;
    } else {
      value = Date.now();
    }
    const length = this.clock.length;
    if (length > 0 && this.clock[length - 2] === value) this.clock[length - 1]!++;
    else this.clock.push(value, 1);
    return value;
  }

  /** The record of the run so far, for the continuation of a run that pauses now. */
  record(): RunRecord {
    const calls = [...this.calls.values()].sort((left, right) => left.id - right.id);
    return { calls, deliveries: this.deliveries, clock: this.clock, seed: this.recording.seed };
  }

  private settle(): void {
    if (!this.done && this.next >= this.replayed && this.highest >= this.lastRecorded) this.done = true;
  }
}

function describe(call: Pick<RecordedCall, "kind" | "name">): string {
  if (call.kind === "tool" || call.kind === "note") return `tools.${call.name}(...)`;
  return `${call.kind}.${call.name}(...)`;
}

function divergence(id: number, made: Pick<RecordedCall, "kind" | "name">, recorded: RecordedCall | undefined): string {
  if (!recorded) return `The script made ${describe(made)} as call ${id}, which it did not make before the pause.`;
  const same = recorded.kind === made.kind && recorded.name === made.name;
  if (same) return `The script called ${describe(made)} with other arguments than before the pause (call ${id}).`;
  return `The script called ${describe(made)} where it called ${describe(recorded)} before the pause (call ${id}).`;
}
