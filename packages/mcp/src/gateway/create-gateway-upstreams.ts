import { CodeModeError, type ToolDefinition } from "@codemode/core";
import type { Tool } from "@modelcontextprotocol/client";
import { withApprovals } from "../approval/index.js";
import { createCatalogCache } from "../catalog-cache/index.js";
import type { GatewayConfig, UpstreamConfig } from "../config/index.js";
import { fromMcpTools } from "../tools/index.js";
import { createUpstream, type Upstream, type UpstreamLogFields } from "../upstream/index.js";

/** One upstream as the gateway reports it. */
export interface GatewayUpstreamState {
  id: string;
  /** `idle` (not started: nothing needed it yet), `connecting`, `connected`, `down` or `closed`. */
  status: string;
  /** The MCP revision spoken with it while connected. */
  protocolVersion: string | undefined;
  /** Why it is down, in words that name the fix. */
  error: string | undefined;
  /** Where its tool list came from: the server itself in this process, the catalog cache, or nowhere yet. */
  catalog: "listed" | "cached" | "none";
}

/** Options of {@link createGatewayUpstreams}. */
export interface CreateGatewayUpstreamsOptions {
  baseDir: string;
  timeoutMs: number;
  maxResponseBytes: number;
  approvals: GatewayConfig["approvals"];
  /** The catalog cache's folder; none kept without it. */
  catalogCache: string | undefined;
  log: (message: string, fields?: UpstreamLogFields) => void;
  /** Takes credentials out of what an upstream's errors say (see createUpstream). */
  redact: (text: string) => string;
  warn: (message: string) => void;
  /** Told what an upstream made happen (for a cluster's other replicas). */
  onChange?: (id: string, kind: "tools_changed" | "down" | "up") => void;
  /** Called whenever the tools of any upstream change, the cached ones included. */
  onTools: () => void;
}

/** A gateway's upstreams, their tools as core tool definitions, and the catalog cache behind them. */
export interface GatewayUpstreams {
  readonly list: readonly Upstream[];
  /** Every upstream's tool definitions, from the server itself or else from the catalog cache. */
  tools(): ToolDefinition[];
  /** One upstream's tool definitions, as `tools()` has them. */
  toolsOf(id: string): ToolDefinition[];
  states(): GatewayUpstreamState[];
  /** Connects the upstreams `ids` names (default all); resolves after one attempt each. */
  start(ids?: readonly string[]): Promise<void>;
  /**
   * The core's `findTool`: a tool of an upstream whose tools have not been listed in this process may exist once it is
   * up, so that upstream is started (or waited for) within the call's timeout, and one that is down or still starting
   * then fails the call with `UNAVAILABLE` saying so; a tool listed since the run started is found too.
   */
  findTool(name: string, options: { signal: AbortSignal }): Promise<ToolDefinition | undefined>;
  /** Waits, within each one's call timeout, for the upstreams no tool list is known of; a note for each still without. */
  awaitCatalog(signal: AbortSignal): Promise<string[]>;
  /** Waits for one upstream as a call would (see Upstream.ready). */
  ready(id: string, signal: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

/** Makes a gateway's upstreams (none started), with the tools the catalog cache keeps for them. */
export function createGatewayUpstreams(servers: Record<string, UpstreamConfig>, options: CreateGatewayUpstreamsOptions): GatewayUpstreams {
  const catalogCache = options.catalogCache ? createCatalogCache(options.catalogCache, options.baseDir) : undefined;
  const toolsByServer = new Map<string, ToolDefinition[]>();
  const cached = new Set<string>();
  // Writes under way, which close() lets finish: a one-shot command ends right after its upstreams listed their tools.
  const writing = new Set<Promise<void>>();
  const list: Upstream[] = Object.entries(servers).map(([id, server]) => {
    const define = (tools: readonly Tool[]) => {
      const definitions = fromMcpTools(id, tools, (name, args, call) => upstream.callTool(name, args, call));
      toolsByServer.set(id, withApprovals(definitions, options.approvals));
    };
    const onChange = options.onChange;
    const upstream: Upstream = createUpstream(id, server, {
      baseDir: options.baseDir,
      timeoutMs: options.timeoutMs,
      maxResponseBytes: options.maxResponseBytes,
      log: options.log,
      redact: options.redact,
      ...(onChange ? { onChange: (kind: "tools_changed" | "down" | "up") => onChange(id, kind) } : {}),
      onTools: (tools) => {
        define(tools);
        options.onTools();
        if (!catalogCache) return;
        const write = catalogCache.write(server, tools).catch((error: unknown) => options.warn(`could not keep ${id}'s tool list in ${catalogCache.dir} (${(error as Error).message})`));
        writing.add(write);
        void write.finally(() => writing.delete(write));
      },
    });
    const kept = catalogCache?.read(server);
    if (kept) {
      define(kept.tools);
      cached.add(id);
    }
    return upstream;
  });
  const byId = new Map(list.map((upstream) => [upstream.id, upstream]));

  return {
    list,
    // In the config's order, whichever server listed its tools first.
    tools: () => list.flatMap((upstream) => toolsByServer.get(upstream.id) ?? []),
    toolsOf: (id) => toolsByServer.get(id) ?? [],
    states: () =>
      list.map(({ id, status, protocolVersion, error, listed }) => ({
        id,
        status,
        protocolVersion,
        error,
        catalog: listed ? "listed" : cached.has(id) ? "cached" : "none",
      })),
    async start(ids = [...byId.keys()]) {
      const unknown = ids.find((id) => !byId.has(id));
      if (unknown !== undefined) throw new CodeModeError("INVALID_OPTIONS", `No upstream is named "${unknown}"; the upstreams are ${[...byId.keys()].join(", ")}.`);
      await Promise.all(ids.map((id) => byId.get(id)!.start()));
    },
    async findTool(name, { signal }) {
      const upstream = list.find((candidate) => name.startsWith(`${candidate.id}.`));
      if (!upstream) return undefined;
      if (!upstream.listed) await upstream.ready(`the call to ${name}`, signal);
      // Listed now, maybe since this run started with the tools it had then.
      return toolsByServer.get(upstream.id)?.find((tool) => tool.name === name);
    },
    async awaitCatalog(signal) {
      const unknown = list.filter((upstream) => !upstream.listed && !cached.has(upstream.id));
      const notes = await Promise.all(
        unknown.map((upstream) =>
          upstream.ready("the search", signal).then(
            () => undefined,
            (error: unknown) => `${(error as Error).message.replace(/\.$/, "")}: its tools are not in these results.`,
          ),
        ),
      );
      return notes.filter((note): note is string => note !== undefined);
    },
    ready: (id, signal) => byId.get(id)!.ready(`the check of the script, which calls ${id}`, signal),
    async close() {
      await Promise.all(list.map((upstream) => upstream.close()));
      await Promise.all(writing);
    },
  };
}
