// Replaces `Date` and `Math.random` for a run that may pause: the time comes from the worker (recorded, and replayed
// when the run is resumed) and the random numbers from a seeded generator, so a resumed run sees what the first saw.
// Evaluated as one expression (see tools.js).
/** @type {import("./guest-pieces.js").ClockPiece} */
(function (host, s0, s1, s2, s3) {
  "use strict";
  const OriginalDate = Date, construct = Reflect.construct, define = Object.defineProperty;
  const now = () => host("now");
  let a = s0 | 0, b = s1 | 0, c = s2 | 0, d = s3 | 0;
  // sfc32: a small generator whose whole state is the seed, so the same seed gives the same sequence.
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // 53 random bits, as engines' own Math.random gives.
  const random = () => ((next() >>> 5) * 67108864 + (next() >>> 6)) / 9007199254740992;
  /** @type {(this: unknown, ...args: unknown[]) => unknown} */
  const ClockDate = function (...args) {
    if (!new.target) return new OriginalDate(now()).toString();
    return construct(OriginalDate, args.length === 0 ? [now()] : args, new.target);
  };
  define(ClockDate, "prototype", { value: OriginalDate.prototype });
  define(ClockDate, "name", { value: "Date" });
  define(ClockDate, "length", { value: 7 });
  define(ClockDate, "now", { value: now, writable: true, configurable: true });
  define(ClockDate, "parse", { value: OriginalDate.parse, writable: true, configurable: true });
  define(ClockDate, "UTC", { value: OriginalDate.UTC, writable: true, configurable: true });
  define(OriginalDate.prototype, "constructor", { value: ClockDate, writable: true, configurable: true });
  define(globalThis, "Date", { value: ClockDate, writable: true, configurable: true });
  define(Math, "random", { value: random, writable: true, configurable: true });
})
