import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { linkAbort } from "./link-abort.js";

describe("linkAbort", () => {
  it("aborts when any of its sources aborts", () => {
    const first = new AbortController();
    const second = new AbortController();
    const link = linkAbort([first.signal, undefined, second.signal]);
    expect(link.signal.aborted).toBe(false);
    second.abort();
    expect(link.signal.aborted).toBe(true);
  });

  it("starts aborted when a source already is", () => {
    expect(linkAbort([AbortSignal.abort()]).signal.aborted).toBe(true);
  });

  it("leaves no listener on a long-lived source once unlinked", () => {
    const connection = new AbortController();
    for (let call = 0; call < 100; call++) linkAbort([connection.signal, new AbortController().signal]).unlink();
    expect(getEventListeners(connection.signal, "abort")).toHaveLength(0);
    const link = linkAbort([connection.signal]);
    link.unlink();
    connection.abort();
    expect(link.signal.aborted).toBe(false);
  });
});
