import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SessionLease, SessionStore } from "../index.js";

/** How {@link describeSessionStoreContract} gets a store for each test, and gives it back. */
export interface SessionStoreUnderTest {
  store: SessionStore;
  /** Frees what the store holds (a connection); called after each test. */
  close?(): Promise<void> | void;
}

const TTL_MS = 60_000;
const SHORT_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Registers the contract every SessionStore must keep: leases, versions, owners, times to live and the cap, with
 * real time and short waits (at most a few hundred milliseconds). `make` gives a fresh, empty store for each test.
 *
 * @example
 * describeSessionStoreContract("memory", () => ({ store: createMemorySessionStore() }));
 */
export function describeSessionStoreContract(name: string, make: () => SessionStoreUnderTest | Promise<SessionStoreUnderTest>): void {
  describe(`${name} session store contract`, () => {
    let under: SessionStoreUnderTest;
    let store: SessionStore;
    let sequence = 0;
    // Ids unique across tests, so a store shared behind the scenes (one Redis) never sees one twice.
    const newId = () => `contract-${Date.now().toString(36)}-${(sequence++).toString(36)}-${Math.random().toString(36).slice(2)}`;
    const open = async (owner = "alice", options = { ttlMs: TTL_MS, maxSessions: 1000 }) => {
      const id = newId();
      expect(await store.create(id, owner, options)).toBe(true);
      return id;
    };
    const lease = async (id: string, owner = "alice", leaseMs = TTL_MS): Promise<SessionLease> => {
      const taken = await store.acquire(id, owner, leaseMs);
      if (typeof taken === "string") throw new Error(`expected a lease on ${id}, got ${taken}`);
      return taken;
    };

    beforeEach(async () => {
      under = await make();
      store = under.store;
    });
    afterEach(async () => {
      await under.close?.();
    });

    it("opens a session idle and with no state, leased by its owner", async () => {
      const id = await open();
      const taken = await lease(id);
      expect(taken.session).toEqual({ owner: "alice", state: null, version: 0 });
      expect(typeof taken.token).toBe("string");
    });

    it("refuses to open an id that is already open", async () => {
      const id = await open();
      expect(await store.create(id, "alice", { ttlMs: TTL_MS, maxSessions: 1000 })).toBe(false);
    });

    it("answers busy while another execution holds the lease", async () => {
      const id = await open();
      await lease(id);
      expect(await store.acquire(id, "alice", TTL_MS)).toBe("busy");
    });

    it("answers missing alike for an unknown id, another owner's session and an ended one", async () => {
      const id = await open();
      expect(await store.acquire(newId(), "alice", TTL_MS)).toBe("missing");
      expect(await store.acquire(id, "mallory", TTL_MS)).toBe("missing");
      // Even while the owner holds a lease: the answer never says the id exists.
      await lease(id);
      expect(await store.acquire(id, "mallory", TTL_MS)).toBe("missing");
      expect(await store.delete(id, "alice")).toBe(true);
      expect(await store.acquire(id, "alice", TTL_MS)).toBe("missing");
    });

    it("lets another execution take a lease that expired, and the old holder can then neither renew nor save", async () => {
      const id = await open();
      const first = await lease(id, "alice", SHORT_MS);
      await sleep(SHORT_MS * 2);
      const second = await lease(id);
      expect(second.token).not.toBe(first.token);
      expect(await store.renew(id, first.token, TTL_MS)).toBe(false);
      expect(await store.release(id, first.token, { state: "stale", ttlMs: TTL_MS })).toBe(false);
      expect(await store.release(id, second.token, { ttlMs: TTL_MS })).toBe(0);
      expect((await lease(id)).session.state).toBeNull();
    });

    it("keeps a renewed lease past its first expiry", async () => {
      const id = await open();
      const taken = await lease(id, "alice", SHORT_MS * 2);
      await sleep(SHORT_MS);
      expect(await store.renew(id, taken.token, SHORT_MS * 3)).toBe(true);
      await sleep(SHORT_MS * 1.5);
      expect(await store.acquire(id, "alice", TTL_MS)).toBe("busy");
      expect(await store.release(id, taken.token, { state: "kept", ttlMs: TTL_MS })).toBe(1);
    });

    it("saves a state on release and bumps the version; a release without one keeps both", async () => {
      const id = await open();
      expect(await store.release(id, (await lease(id)).token, { state: "one", ttlMs: TTL_MS })).toBe(1);
      const second = await lease(id);
      expect(second.session).toEqual({ owner: "alice", state: "one", version: 1 });
      expect(await store.release(id, second.token, { ttlMs: TTL_MS })).toBe(1);
      const third = await lease(id);
      expect(third.session).toEqual({ owner: "alice", state: "one", version: 1 });
      expect(await store.release(id, third.token, { state: "two", ttlMs: TTL_MS })).toBe(2);
      expect((await lease(id)).session).toEqual({ owner: "alice", state: "two", version: 2 });
    });

    it("keeps a state of any text exactly", async () => {
      const id = await open();
      const text = `{"a":"é\\n"}\n${"x".repeat(100_000)}\u2028🌍`;
      await store.release(id, (await lease(id)).token, { state: text, ttlMs: TTL_MS });
      expect((await lease(id)).session.state).toBe(text);
    });

    it("refuses a release or renewal with a token that is not the lease's", async () => {
      const id = await open();
      const taken = await lease(id);
      expect(await store.renew(id, "not-the-token", TTL_MS)).toBe(false);
      expect(await store.release(id, "not-the-token", { state: "forged", ttlMs: TTL_MS })).toBe(false);
      expect(await store.release(id, taken.token, { ttlMs: TTL_MS })).toBe(0);
      expect((await lease(id)).session.state).toBeNull();
    });

    it("ends a session for its owner only, leased or not", async () => {
      const id = await open();
      const taken = await lease(id);
      expect(await store.delete(id, "mallory")).toBe(false);
      expect(await store.delete(id, "alice")).toBe(true);
      expect(await store.delete(id, "alice")).toBe(false);
      expect(await store.release(id, taken.token, { state: "late", ttlMs: TTL_MS })).toBe(false);
      expect(await store.acquire(id, "alice", TTL_MS)).toBe("missing");
    });

    it("ends a session idle for its time to live, and counts that time again from each release", async () => {
      const id = await open("alice", { ttlMs: SHORT_MS * 2, maxSessions: 1000 });
      await sleep(SHORT_MS);
      const taken = await lease(id);
      // A leased session does not expire while the lease lasts.
      await sleep(SHORT_MS * 2.5);
      expect(await store.release(id, taken.token, { state: "s", ttlMs: SHORT_MS * 2 })).toBe(1);
      await sleep(SHORT_MS);
      expect((await lease(id)).session.state).toBe("s");
      const other = await open("alice", { ttlMs: SHORT_MS, maxSessions: 1000 });
      await sleep(SHORT_MS * 2);
      expect(await store.acquire(other, "alice", TTL_MS)).toBe("missing");
      expect(await store.delete(other, "alice")).toBe(false);
    });

    it("makes room at the cap by ending the least recently used lease-free session, the owner's own first", async () => {
      const options = { ttlMs: TTL_MS, maxSessions: 3 };
      const bobs = await open("bob", options);
      const older = await open("alice", options);
      const newer = await open("alice", options);
      // Used last, but alice's own older session goes before bob's.
      await store.release(older, (await lease(older)).token, { ttlMs: TTL_MS });
      await store.release(newer, (await lease(newer)).token, { ttlMs: TTL_MS });
      const fourth = await open("alice", options);
      expect(await store.acquire(bobs, "bob", TTL_MS)).not.toBe("missing");
      expect(await store.acquire(older, "alice", TTL_MS)).toBe("missing");
      expect(await store.acquire(newer, "alice", TTL_MS)).not.toBe("missing");
      expect(await store.acquire(fourth, "alice", TTL_MS)).not.toBe("missing");
    });

    it("never ends a session of an owner within its share for another's new one: a flood of new sessions ends its own", async () => {
      const options = { ttlMs: TTL_MS, maxSessions: 4 };
      // Alice's one session is the least recently used, but she holds less than her share (4 / 3); Bob holds more.
      const alices = await open("alice", options);
      const bobs = [await open("bob", options), await open("bob", options), await open("bob", options)];
      const mallorys: string[] = [];
      for (let index = 0; index < 10; index++) mallorys.push(await open("mallory", options));
      expect(await store.acquire(alices, "alice", TTL_MS)).not.toBe("missing");
      expect(await store.acquire(bobs[0]!, "bob", TTL_MS)).toBe("missing");
      for (const id of bobs.slice(1)) expect(await store.acquire(id, "bob", TTL_MS)).not.toBe("missing");
      for (const id of mallorys.slice(0, -1)) expect(await store.acquire(id, "mallory", TTL_MS)).toBe("missing");
      expect(await store.acquire(mallorys.at(-1)!, "mallory", TTL_MS)).not.toBe("missing");
    });

    it("ends a session of an owner over its share when the new one's owner is within its own, and refuses when every one is leased", async () => {
      const options = { ttlMs: TTL_MS, maxSessions: 2 };
      const first = await open("bob", options);
      const second = await open("bob", options);
      await store.release(first, (await lease(first, "bob")).token, { ttlMs: TTL_MS });
      const held = await lease(second, "bob");
      const alices = await open("alice", options);
      expect(await store.acquire(first, "bob", TTL_MS)).toBe("missing");
      await lease(alices);
      expect(await store.create(newId(), "carol", options)).toBe(false);
      expect(await store.release(second, held.token, { ttlMs: TTL_MS })).toBe(0);
    });

    it("lists an owner's open sessions, most recently used first, which are running, and none that ended", async () => {
      // `list` is optional: a store without it lists nothing, and this case has nothing to check.
      if (!store.list) return;
      const older = await open();
      const newer = await open();
      const theirs = await open("bob");
      const ended = await open();
      expect(await store.delete(ended, "alice")).toBe(true);
      const held = await lease(older);
      const listed = await store.list("alice");
      expect(listed.map(({ id, running }) => ({ id, running }))).toEqual([
        { id: older, running: true },
        { id: newer, running: false },
      ]);
      for (const session of listed) expect(session.expiresAt).toBeGreaterThan(Date.now());
      expect((await store.list("bob")).map(({ id }) => id)).toEqual([theirs]);
      expect(await store.release(older, held.token, { ttlMs: SHORT_MS })).toBe(0);
      await sleep(SHORT_MS * 2);
      expect((await store.list("alice")).map(({ id }) => id)).toEqual([newer]);
    });

    it("gives one lease when two executions ask at once", async () => {
      const id = await open();
      const answers = await Promise.all([store.acquire(id, "alice", TTL_MS), store.acquire(id, "alice", TTL_MS)]);
      expect(answers.filter((answer) => typeof answer === "object")).toHaveLength(1);
      expect(answers.filter((answer) => answer === "busy")).toHaveLength(1);
    });
  });
}
