import { readdirSync, readFileSync } from "node:fs";

/** One look at a process's resources: memory after a forced GC, and the things that leak besides memory. */
export interface ProcessSample {
  /** Executions finished when the sample was taken. */
  runs: number;
  rssMb: number;
  heapUsedMb: number;
  /** The main thread's committed V8 heap: RSS it holds beyond heapUsed. */
  heapTotalMb: number;
  externalMb: number;
  /** OS threads of the process: the main thread, libuv and V8 helpers, and one per live worker thread. */
  threads: number;
  openFds: number;
  /** Live child processes (stdio upstreams). */
  children: number;
  /** `process.getActiveResourcesInfo()` counted by kind (timers, sockets, message ports...). */
  activeResources: Record<string, number>;
}

const MB = 1024 * 1024;

/** Samples this process; collects garbage twice first when Node runs with `--expose-gc`, so growth is not litter. */
export function sampleProcess(runs: number): ProcessSample {
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  collect?.();
  const memory = process.memoryUsage();
  const activeResources: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) activeResources[kind] = (activeResources[kind] ?? 0) + 1;
  return {
    runs,
    rssMb: memory.rss / MB,
    heapUsedMb: memory.heapUsed / MB,
    heapTotalMb: memory.heapTotal / MB,
    externalMb: memory.external / MB,
    threads: countEntries("/proc/self/task"),
    openFds: countEntries("/proc/self/fd"),
    children: childrenOf(process.pid).length,
    activeResources,
  };
}

/** The pids of a process's live (not zombie) children, from /proc; empty where /proc does not exist. */
export function childrenOf(pid: number): number[] {
  return listProc().filter((child) => {
    const stat = readStat(child);
    return stat !== undefined && stat.parent === pid && stat.state !== "Z";
  });
}

/** A process's resident set and its peak (VmRSS, VmHWM) in MB, read from /proc; undefined once it has exited. */
export function residentMb(pid: number): { rssMb: number; peakMb: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) / 1024;
    return { rssMb: field("VmRSS"), peakMb: field("VmHWM") };
  } catch {
    return undefined;
  }
}

function readStat(pid: number): { state: string; parent: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name in field 2 may hold spaces and parentheses: the fields after it start past the last ")".
    const [state = "", parent = "0"] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state, parent: Number(parent) };
  } catch {
    return undefined;
  }
}

function listProc(): number[] {
  try {
    return readdirSync("/proc").filter((entry) => /^\d+$/.test(entry)).map(Number);
  } catch {
    return [];
  }
}

function countEntries(folder: string): number {
  try {
    return readdirSync(folder).length;
  } catch {
    return -1;
  }
}
