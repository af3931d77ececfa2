import { availableParallelism, cpus, loadavg, totalmem } from "node:os";
import { createRequire } from "node:module";

/** Where and when figures were taken; load average says how noisy the shared machine was. */
export interface MachineInfo {
  date: string;
  node: string;
  platform: string;
  cpu: string;
  cores: number;
  memoryGB: number;
  loadAverage: number[];
  coreVersion: string;
}

/** Describes this machine and the @codemode/core build under test. */
export function describeMachine(): MachineInfo {
  const require = createRequire(import.meta.url);
  const core = require("@codemode/core/package.json") as { version: string };
  return {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpu: cpus()[0]?.model ?? "unknown",
    cores: availableParallelism(),
    memoryGB: Math.round(totalmem() / 1024 ** 3),
    loadAverage: loadavg().map((load) => Math.round(load * 100) / 100),
    coreVersion: core.version,
  };
}
