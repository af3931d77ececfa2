import { beforeAll, describe, expect, it } from "vitest";
import { prepareScript } from "../../script/index.js";
import { SERIALIZER_SOURCE } from "../../serializer/index.js";
import { compileQuickJSModule, memoryPages } from "../host/index.js";
import type { RunRequest } from "../protocol.js";
import { createGuestEngine, type GuestEngine } from "./create-guest-engine.js";
import { createEngineRealms } from "./engine-realms.js";
import { echoChannel } from "./__fixtures__/echo-channel.js";
import { testLimits } from "../__fixtures__/test-limits.js";
import { runGuest } from "./run-guest.js";

const LIMITS = testLimits(2000);

let engine: GuestEngine;
let runs = 0;
const requestFor = (code: string): RunRequest => {
  const prepared = prepareScript(code, { maxCodeBytes: 100_000 });
  return { type: "run", id: ++runs, source: prepared.source, fileName: prepared.fileName, search: true, limits: LIMITS };
};

describe("createEngineRealms", () => {
  beforeAll(async () => {
    const wasmModule = await compileQuickJSModule();
    engine = await createGuestEngine({ wasmModule, ...memoryPages(LIMITS.memoryBytes), serializerSource: SERIALIZER_SOURCE });
  });

  it("compiles the tools piece into the next realm while it waits, only after a run that read tools", () => {
    const realms = createEngineRealms(engine, false);
    const runOne = (code: string) => {
      const request = requestFor(code);
      const realm = realms.take(request) ?? undefined;
      const hadPiece = realm?.globals.toolsPiece !== undefined;
      let resultJson: unknown = null;
      const result = runGuest({ engine, request, channel: echoChannel(), report: (done) => (resultJson = done.outcome.resultJson), realm });
      expect(realms.finish(request, result)).toBe(true);
      return { hadPiece, resultJson, readTools: result.readTools };
    };
    const idle = () => {
      let steps = 0;
      while (realms.prepareAhead()) steps++;
      return steps;
    };
    // Nothing has read tools yet: the realm alone.
    expect(idle()).toBe(1);
    expect(runOne("return 1")).toEqual({ hadPiece: false, resultJson: "1", readTools: false });
    expect(idle()).toBe(1);
    expect(runOne("return (await tools.a.b({ i: 2 })).data.i")).toEqual({ hadPiece: false, resultJson: "2", readTools: true });
    // The realm, then the tools piece in it; the next run calls the piece made ahead.
    expect(idle()).toBe(2);
    expect(runOne("await catalog.search({}); return (await tools.c.d({ i: 3 })).data.i")).toEqual({ hadPiece: true, resultJson: "3", readTools: true });
    expect(idle()).toBe(2);
    // A piece made ahead and never read costs the run nothing more, and the next realm goes without one.
    expect(runOne("return 4")).toEqual({ hadPiece: true, resultJson: "4", readTools: false });
    expect(idle()).toBe(1);
  });
});
