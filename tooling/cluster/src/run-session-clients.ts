import { isDeepStrictEqual } from "node:util";
import { performance } from "node:perf_hooks";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { expectedStep, sessionStepScript } from "./session-steps.js";
import { summarizeLatency, type LatencySummary } from "./summarize-latency.js";

/** The MCP eras a client of {@link runSessionClients} speaks. */
export type ClientEra = "2026-07-28" | "2025-11-25";

/** Options of {@link runSessionClients}. */
export interface SessionClientsOptions {
  url: string;
  token: string;
  /** Clients of MCP 2026-07-28 (no MCP session: every request stands alone). */
  clients: number;
  /** Clients of MCP 2025-11-25 (initialize, then `Mcp-Session-Id`), beside them. */
  legacyClients?: number;
  /** Executions each client makes at least, one after another in its own code session. */
  minExecutions: number;
  /** While this answers true, clients go on past `minExecutions` (up to `maxExecutions`): faults still to come. */
  keepGoing?: () => boolean;
  maxExecutions?: number;
  /** Told after each execution that answered, with how many have so far. */
  onExecution?: (answered: number) => void;
  /** How long one step may keep failing retryably (transport errors, an unavailable session) before its client gives up. */
  retryForMs?: number;
}

/** What one client saw. */
export interface ClientRecord {
  era: ClientEra;
  client: number;
  /** Steps answered, and answered right. */
  executions: number;
  /** For each answered step, the replica its `X-Codemode-Replica` header named ("" when there was none). */
  replicas: string[];
  /** Answers that were not the step's expected one. */
  wrong: string[];
  /** Why the client's code session ended before its last step, when it did. */
  lost?: string;
  retries: {
    /** The request failed on the way (a replica killed mid-request, a refused connection, HTTP 5xx). */
    transport: number;
    /** The execution failed clearly and retryably (the session's store unreachable). */
    unavailable: number;
    /** 2025 era: the MCP session was unknown where the request landed (HTTP 404), and the client started a new one. */
    reconnects: number;
  };
  /** The failures that were retried, `kind: message` or the transport's error, first few. */
  retried: string[];
  /** 2025 era: each MCP session's id, with every replica that answered a request carrying it. */
  mcpSessions: Record<string, string[]>;
}

/** What {@link runSessionClients} measured. */
export interface SessionClientsReport {
  executions: number;
  wrong: number;
  lost: number;
  retries: ClientRecord["retries"];
  /** Each execution's time as its client saw it, retries included. */
  latency: LatencySummary;
  wallMs: number;
  executionsPerSecond: number;
  clients: ClientRecord[];
}

/** The execute tool's result, as far as these clients read it. */
interface ExecuteResult {
  status?: string;
  result?: unknown;
  sessionId?: string;
  error?: { kind?: string; message?: string; retryable?: boolean };
}

/**
 * Runs MCP clients over Streamable HTTP (the SDK's v2 client), each in a code session of its own resumed step after
 * step (see {@link sessionStepScript}), checking every answer. Transport errors and retryable failures are retried;
 * a 2025-era client whose MCP session is gone (404) starts a new one and resumes the same code session.
 */
export async function runSessionClients(options: SessionClientsOptions): Promise<SessionClientsReport> {
  const latencies: number[] = [];
  let answered = 0;
  const eras: ClientEra[] = [
    ...Array.from({ length: options.clients }, () => "2026-07-28" as const),
    ...Array.from({ length: options.legacyClients ?? 0 }, () => "2025-11-25" as const),
  ];
  const started = performance.now();
  const clients = await Promise.all(
    eras.map((era, client) =>
      runClient(era, client, options, (ms) => {
        latencies.push(ms);
        options.onExecution?.(++answered);
      }),
    ),
  );
  const wallMs = performance.now() - started;
  const sum = (pick: (record: ClientRecord) => number) => clients.reduce((total, record) => total + pick(record), 0);
  return {
    executions: latencies.length,
    wrong: sum((record) => record.wrong.length),
    lost: sum((record) => (record.lost === undefined ? 0 : 1)),
    retries: {
      transport: sum((record) => record.retries.transport),
      unavailable: sum((record) => record.retries.unavailable),
      reconnects: sum((record) => record.retries.reconnects),
    },
    latency: summarizeLatency(latencies),
    wallMs: Math.round(wallMs),
    executionsPerSecond: Math.round((latencies.length * 1000 * 10) / wallMs) / 10,
    clients,
  };
}

async function runClient(era: ClientEra, client: number, options: SessionClientsOptions, onAnswer: (ms: number) => void): Promise<ClientRecord> {
  const record: ClientRecord = { era, client, executions: 0, replicas: [], wrong: [], retries: { transport: 0, unavailable: 0, reconnects: 0 }, retried: [], mcpSessions: {} };
  let lastReplica = "";
  const connection = () =>
    connect(era, options, (mcpSessionId, replica) => {
      lastReplica = replica;
      if (mcpSessionId === undefined) return;
      const seen = (record.mcpSessions[mcpSessionId] ??= []);
      if (!seen.includes(replica)) seen.push(replica);
    });
  let mcp: Client | undefined;
  let sessionId = "new";
  const retryForMs = options.retryForMs ?? 60_000;
  const maxExecutions = options.maxExecutions ?? options.minExecutions * 20;
  const retried = (what: string) => {
    if (record.retried.length < 5) record.retried.push(what);
  };
  try {
    for (let step = 0; step < maxExecutions && (step < options.minExecutions || options.keepGoing?.()); step++) {
      const begin = performance.now();
      const expected = expectedStep(client, step);
      for (;;) {
        let result: ExecuteResult | undefined;
        try {
          mcp ??= await connection();
          const answer = await mcp.callTool({ name: "execute", arguments: { code: sessionStepScript(client, step), sessionId } }, { timeout: 120_000 });
          result = answer.structuredContent as ExecuteResult | undefined;
        } catch (error) {
          if (performance.now() - begin > retryForMs) {
            record.lost = `step ${step}: still failing after ${retryForMs} ms: ${(error as Error).message}`;
            return record;
          }
          if ((error as { data?: { status?: number } }).data?.status === 404 && era === "2025-11-25") {
            record.retries.reconnects++;
            await mcp?.close().catch(() => undefined);
            mcp = undefined;
          } else {
            record.retries.transport++;
            retried(`transport: ${(error as Error).message.slice(0, 160)}`);
          }
          await sleep(200);
          continue;
        }
        if (result?.status === "completed") {
          if (!isDeepStrictEqual(result.result, expected)) {
            record.wrong.push(`step ${step}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(result.result)}`);
            return record;
          }
          if (step === 0 && result.sessionId) sessionId = result.sessionId;
          record.executions++;
          record.replicas.push(lastReplica);
          onAnswer(performance.now() - begin);
          break;
        }
        const kind = result?.error?.kind ?? "no result";
        const message = `${kind}: ${result?.error?.message ?? JSON.stringify(result)}`;
        if (kind === "SessionNotFound") {
          record.lost = `step ${step}: ${message}`;
          return record;
        }
        if ((result?.error?.retryable === true || kind === "SessionUnavailable") && performance.now() - begin <= retryForMs) {
          record.retries.unavailable++;
          retried(message);
          await sleep(200);
          continue;
        }
        record.wrong.push(`step ${step}: failed with ${message}`);
        return record;
      }
    }
    return record;
  } finally {
    await mcp?.close().catch(() => undefined);
  }
}

/** A v2 SDK client: pinned to 2026-07-28, or left to its default, which opens a 2025-era session with initialize. */
async function connect(era: ClientEra, options: SessionClientsOptions, onResponse: (mcpSessionId: string | undefined, replica: string) => void): Promise<Client> {
  const client = new Client(
    { name: `cluster-client-${era}`, version: "1.0.0" },
    era === "2026-07-28" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {},
  );
  const recording = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await fetch(input, init);
    const sent = new Headers(init?.headers).get("mcp-session-id") ?? response.headers.get("mcp-session-id") ?? undefined;
    const replica = response.headers.get("x-codemode-replica");
    // A 404 comes from a replica that does not know the session: it is the answer that makes the client start
    // again, not a request the session was served on. A 5xx without a replica's header is HAProxy's own answer (a
    // 502 when the replica died mid-request): no replica served it either.
    const served = response.status !== 404 && !(response.status >= 500 && replica === null) ? sent : undefined;
    onResponse(era === "2025-11-25" ? served : undefined, replica ?? "");
    return response;
  };
  const transport = new StreamableHTTPClientTransport(new URL(options.url), {
    requestInit: { headers: { Authorization: `Bearer ${options.token}` } },
    fetch: recording,
  });
  try {
    await client.connect(transport);
    // As an agent does before its first call; the listing also tells the SDK which arguments travel as headers too
    // (the execute tool's sessionId as Mcp-Param-Session-Id).
    await client.listTools();
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  return client;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
