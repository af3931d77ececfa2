import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemorySessionStore } from "./create-memory-session-store.js";
import type { SessionLease } from "./session-store.js";

const limits = { ttlMs: 60_000, maxSessions: 3, leaseMs: 10_000 };

afterEach(() => {
  vi.useRealTimers();
});

describe("createMemorySessionStore", () => {
  it("creates a session leased to its creator, with no state, and keeps what put stores", async () => {
    const store = createMemorySessionStore();
    const created = (await store.create("ana", limits))!;
    expect(created).toMatchObject({ owner: "ana", state: null });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await store.put(created, "one", limits.ttlMs)).toBe(true);
    const next = await store.lease(created.id, "ana", limits.leaseMs);
    expect(next).toMatchObject({ id: created.id, state: "one" });
    // null keeps the state from before.
    expect(await store.put(next as SessionLease, null, limits.ttlMs)).toBe(true);
    expect(await store.lease(created.id, "ana", limits.leaseMs)).toMatchObject({ state: "one" });
  });

  it("answers another owner's id as an unknown one, and lets no other owner delete it", async () => {
    const store = createMemorySessionStore();
    const created = (await store.create("ana", limits))!;
    await store.put(created, "secret", limits.ttlMs);
    expect(await store.lease(created.id, "bob", limits.leaseMs)).toBeNull();
    expect(await store.lease("00000000-0000-4000-8000-000000000000", "ana", limits.leaseMs)).toBeNull();
    expect(await store.delete(created.id, "bob")).toBe(false);
    expect(await store.lease(created.id, "ana", limits.leaseMs)).toMatchObject({ state: "secret" });
  });

  it("leases a session to one execution at a time, until its lease ends or lapses", async () => {
    vi.useFakeTimers();
    const store = createMemorySessionStore();
    const created = (await store.create("ana", limits))!;
    await store.put(created, "s", limits.ttlMs);
    const first = (await store.lease(created.id, "ana", 1_000)) as SessionLease;
    expect(await store.lease(created.id, "ana", 1_000)).toBe("busy");
    vi.advanceTimersByTime(800);
    expect(await store.renew(first, 1_000)).toBe(true);
    vi.advanceTimersByTime(800);
    expect(await store.lease(created.id, "ana", 1_000)).toBe("busy");
    // A lease that lapsed (its process died) is taken over; the lapsed one can no longer store or renew.
    vi.advanceTimersByTime(1_000);
    const second = (await store.lease(created.id, "ana", 1_000)) as SessionLease;
    expect(second.token).not.toBe(first.token);
    expect(await store.put(first, "stale", limits.ttlMs)).toBe(false);
    expect(await store.renew(first, 1_000)).toBe(false);
    expect(await store.put(second, "fresh", limits.ttlMs)).toBe(true);
    expect(await store.lease(created.id, "ana", 1_000)).toMatchObject({ state: "fresh" });
  });

  it("ends a session its time to live after its last use, and never while it is leased", async () => {
    vi.useFakeTimers();
    const store = createMemorySessionStore();
    const created = (await store.create("ana", { ...limits, ttlMs: 1_000 }))!;
    vi.advanceTimersByTime(5_000);
    // Still leased by the run that created it: its time to live starts when that run stores its state.
    expect(await store.renew(created, 10_000)).toBe(true);
    expect(await store.put(created, "s", 1_000)).toBe(true);
    vi.advanceTimersByTime(999);
    const lease = (await store.lease(created.id, "ana", 1_000)) as SessionLease;
    expect(await store.put(lease, null, 1_000)).toBe(true);
    vi.advanceTimersByTime(1_001);
    expect(await store.lease(created.id, "ana", 1_000)).toBeNull();
    expect(await store.delete(created.id, "ana")).toBe(false);
  });

  it("makes room past the cap from the least recently used idle session, the creator's own first, and refuses when all are leased", async () => {
    vi.useFakeTimers();
    const store = createMemorySessionStore();
    const idle = async (owner: string) => {
      const lease = (await store.create(owner, limits))!;
      await store.put(lease, owner, limits.ttlMs);
      vi.advanceTimersByTime(10);
      return lease.id;
    };
    const bobOld = await idle("bob");
    const anaOld = await idle("ana");
    const anaNew = await idle("ana");
    const made = (await store.create("ana", limits))!;
    expect(await store.lease(anaOld, "ana", 1)).toBeNull();
    for (const id of [bobOld]) expect(await store.lease(id, "bob", 100_000)).not.toBeNull();
    expect(await store.lease(anaNew, "ana", 100_000)).not.toBeNull();
    // Every session is leased now (made's lease is its creator's).
    expect(made.state).toBeNull();
    expect(await store.create("carl", limits)).toBeNull();
  });

  it("deletes a leased session, after which its lease stores nothing", async () => {
    const store = createMemorySessionStore();
    const created = (await store.create("ana", limits))!;
    expect(await store.delete(created.id, "ana")).toBe(true);
    expect(await store.put(created, "s", limits.ttlMs)).toBe(false);
    expect(await store.delete(created.id, "ana")).toBe(false);
  });
});
