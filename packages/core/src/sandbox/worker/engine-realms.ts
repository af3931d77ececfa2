import type { RunRequest } from "../protocol.js";
import type { GuestEngine } from "./create-guest-engine.js";
import { createGuestRealm, disposeRealm, prepareStatePiece, prepareToolsPiece, type GuestRealm } from "./guest-realm.js";
import type { RunGuestResult } from "./run-guest.js";

/**
 * The realms one engine keeps between its runs, whoever hosts it (a worker thread, a Web Worker or the host's own
 * thread): the next run's runtime and context made ahead, and the realm of the session live in this engine.
 */
export interface EngineRealms {
  /** Does one piece of the work an idle engine does before the next run arrives; false when none is left. */
  prepareAhead(): boolean;
  /** The realm a run goes in (undefined: the run makes its own); null when dropping a session's realm failed. */
  take(request: RunRequest): GuestRealm | undefined | null;
  /** Keeps what the run left; false when the engine must not run anything more. */
  finish(request: RunRequest, result: RunGuestResult): boolean;
}

/** Creates the realms of an engine; one that serves sessions makes the session state piece ahead too. */
export function createEngineRealms(engine: GuestEngine, servesSessions: boolean): EngineRealms {
  // The next run's runtime and context, made while no run waits (creating them is most of a trivial run).
  let realm: GuestRealm | undefined;
  // The realm of the session live in this engine: made or restored by a session's run, kept for its later runs.
  let session: GuestRealm | undefined;
  // A sessions' engine makes the state piece in its next realm while it waits (compiling it is most of what a resume
  // costs); an engine of plain runs never pays for it. Tried once per realm: a run makes it again if that failed.
  let pieceTried: GuestRealm | undefined;
  // The tools piece likewise, when the last run read `tools` (as most scripts do): one that did not never pays for it.
  let readTools = false;
  let toolsTried: GuestRealm | undefined;
  return {
    prepareAhead() {
      if (realm === undefined && session === undefined) {
        realm = createGuestRealm(engine);
        return true;
      }
      if (servesSessions && realm && pieceTried !== realm) {
        pieceTried = realm;
        prepareStatePiece(realm)?.dispose();
        return true;
      }
      if (readTools && realm && toolsTried !== realm) {
        toolsTried = realm;
        prepareToolsPiece(realm);
        return true;
      }
      return false;
    },
    take(request) {
      if (request.session?.fresh && session) {
        const dropped = disposeRealm(session);
        session = undefined;
        if (!dropped) return null;
      }
      const target = request.session ? (session ?? realm) : realm;
      if (target === realm) realm = undefined;
      return target;
    },
    finish(request, result) {
      const { usable, kept } = result;
      if (request.session) session = kept;
      readTools = result.readTools === true;
      // What the teardown printed (the module's abort) is no run's: the run is reported, and a failed teardown retires
      // the engine.
      engine.printed.length = 0;
      return usable;
    },
  };
}
