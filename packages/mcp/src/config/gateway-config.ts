import { z } from "zod";
import { approvalsConfigSchema } from "../approval/index.js";
import { upstreamOAuthConfigSchema } from "../upstream-auth/index.js";
import { authConfigSchema } from "./auth-config.js";
import { clusterConfigSchema } from "./cluster-config.js";
import { httpConfigSchema } from "./http-config.js";
import { quotasConfigSchema } from "./quotas-config.js";

const NAMESPACE = /^[A-Za-z0-9_-]+$/;
const RESERVED = new Set(["__proto__", "constructor", "prototype"]);

const timeoutMs = z.number().int().positive().max(3_600_000);
const stringMap = z.record(z.string(), z.string());

/**
 * How an upstream is reached, as clients spell it in `type` (any case): `http`, `streamable-http` and Cline's
 * `streamableHttp` are one.
 */
const TRANSPORT_TYPES: Partial<Record<string, UpstreamTransportType>> = {
  stdio: "stdio",
  http: "http",
  "streamable-http": "http",
  streamablehttp: "http",
  sse: "sse",
};

/** Keys other MCP clients write on a server entry that the gateway cannot honour, each with what to do instead. */
export const FOREIGN_SERVER_KEYS: Record<string, string> = {
  sandboxEnabled: "is VS Code's sandbox for stdio servers, which the gateway does not provide; delete it and run the gateway itself in a container or under a restricted user",
  sandbox: "is VS Code's sandbox for stdio servers, which the gateway does not provide; delete it and run the gateway itself in a container or under a restricted user",
  headersHelper: "runs a command for headers, which the gateway does not do; write the headers in headers, with ${env:NAME} for a secret",
  auth: 'is Cursor\'s OAuth client setting; write it as "oauth": { "clientId", "clientSecret", "scope" } (or "oauth": {} to discover and register)',
};

// One object rather than a union, so every issue keeps the path of the key that is wrong.
const server = z
  .strictObject({
    type: z
      .string()
      .transform((value, context) => {
        const type = TRANSPORT_TYPES[value.toLowerCase()];
        if (type === undefined) context.addIssue({ code: "custom", message: 'must be "stdio", "http" (Streamable HTTP), "streamable-http" or "sse"' });
        return type ?? z.NEVER;
      })
      .optional(),
    command: z.string().min(1, "must not be empty").optional(),
    args: z.array(z.string()).optional(),
    env: stringMap.optional(),
    /** A dotenv file (VS Code's `envFile`) whose variables the server gets under those of `env`; relative to the config file. */
    envFile: z.string().min(1, "must be a file's path").optional(),
    cwd: z.string().optional(),
    url: z.string().refine(isHttpUrl, "must be an http(s) URL").optional(),
    headers: stringMap.optional(),
    timeoutMs: timeoutMs.optional(),
    maxResponseBytes: z.number().int().positive().optional(),
    /** OAuth 2.1 towards this HTTP server: `{}` discovers everything (see upstream-auth/). */
    oauth: upstreamOAuthConfigSchema.optional(),
    // VS Code's development mode (restart on change, attach a debugger) only matters inside the editor.
    dev: z.unknown().optional(),
    // Refused below, each with its fix (FOREIGN_SERVER_KEYS).
    sandboxEnabled: z.unknown().optional(),
    sandbox: z.unknown().optional(),
    headersHelper: z.unknown().optional(),
    auth: z.unknown().optional(),
  })
  .superRefine((value, context) => {
    for (const [key, fix] of Object.entries(FOREIGN_SERVER_KEYS)) {
      if ((value as Record<string, unknown>)[key] !== undefined) context.addIssue({ code: "custom", path: [key], message: fix });
    }
    const kind = value.type ?? (value.url !== undefined ? "http" : value.command !== undefined ? "stdio" : undefined);
    if (kind === undefined) {
      context.addIssue({ code: "custom", message: "needs a command (stdio) or a url (Streamable HTTP or SSE)" });
      return;
    }
    if (kind === "stdio" && value.command === undefined) {
      context.addIssue({ code: "custom", path: ["command"], message: 'is required with "type": "stdio"' });
    }
    if (kind !== "stdio" && value.url === undefined) {
      context.addIssue({ code: "custom", path: ["url"], message: `is required with "type": "${value.type}"` });
    }
    if (value.command !== undefined && value.url !== undefined) {
      context.addIssue({ code: "custom", path: ["url"], message: "cannot be given with command" });
      return;
    }
    const wrongSide = kind === "stdio" ? ["url", "headers", "oauth"] : ["command", "args", "env", "envFile", "cwd"];
    for (const key of wrongSide) {
      if ((value as Record<string, unknown>)[key] !== undefined) {
        context.addIssue({ code: "custom", path: [key], message: `is only for ${kind === "stdio" ? "HTTP" : "stdio"} servers` });
      }
    }
  })
  .transform(({ dev: _dev, sandboxEnabled: _sandboxEnabled, sandbox: _sandbox, headersHelper: _helper, auth: _auth, ...entry }) => entry);

const SERVER_ID_RULE = "server id must be a valid namespace (letters, digits, _ or -)";
const serverMap = z.record(
  z
    .string()
    .regex(NAMESPACE, SERVER_ID_RULE)
    .refine((id) => !RESERVED.has(id), SERVER_ID_RULE),
  server,
);

const toolName = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must be a tool name: 1-64 letters, digits, _ or -");

/** The gateway config's schema: the `mcpServers` shape MCP clients use plus the gateway's own keys. */
export const gatewayConfigSchema = z.strictObject({
  /** The JSON Schema an editor checks the file against (`gateway-config.schema.json`); the gateway ignores it. */
  $schema: z.string().optional(),
  mcpServers: serverMap.optional(),
  /** VS Code's name for `mcpServers` (its mcp.json); a config has one of the two. */
  servers: serverMap.optional(),
  /** VS Code's prompted inputs: refused with what to write instead, as the gateway runs without anyone to ask. */
  inputs: z.unknown().optional(),
  limits: z
    .strictObject({
      timeoutMs: timeoutMs.optional(),
      memoryBytes: z.number().int().nonnegative().optional(),
      maxStackBytes: z.number().int().nonnegative().optional(),
      maxHostCalls: z.number().int().nonnegative().optional(),
      maxConcurrentCalls: z.number().int().nonnegative().optional(),
      maxOutputBytes: z.number().int().nonnegative().optional(),
      maxLogLines: z.number().int().nonnegative().optional(),
      maxLogLineBytes: z.number().int().nonnegative().optional(),
      maxCodeBytes: z.number().int().nonnegative().optional(),
      maxToolResultBytes: z.number().int().nonnegative().optional(),
      maxArgumentBytes: z.number().int().nonnegative().optional(),
      maxTotalArgumentBytes: z.number().int().nonnegative().optional(),
      maxResponseBytes: z.number().int().positive().optional(),
      callTimeoutMs: timeoutMs.optional(),
      approvalTimeoutMs: timeoutMs.optional(),
    })
    .optional(),
  tools: z.strictObject({ execute: toolName.optional(), search: z.union([toolName, z.literal(false)], { error: "must be a tool name or false" }).optional() }).optional(),
  auth: authConfigSchema.optional(),
  http: httpConfigSchema.optional(),
  quotas: quotasConfigSchema.optional(),
  poolSize: z.number().int().positive().optional(),
  /** Opt-in sessions: `execute` then takes a `sessionId` whose top-level variables outlive each run (see docs/sessions.md). */
  sessions: z
    .strictObject({
      ttlMs: z.number().int().positive().max(86_400_000).optional(),
      /** Sessions open at once, hibernated ones included; in a cluster, across every replica. */
      maxSessions: z.number().int().positive().max(1_000_000).optional(),
      /** Sessions holding a worker thread at once, per process. */
      maxLiveSessions: z.number().int().positive().max(1024).optional(),
      hibernateAfterMs: z.number().int().positive().max(86_400_000).optional(),
      maxStateBytes: z.number().int().positive().optional(),
    })
    .optional(),
  approvals: approvalsConfigSchema.optional(),
  /**
   * How scripts see their calls and what they return, and whether they are checked before they run (the core's
   * `callStyle`, `output` and `check` options).
   */
  script: z
    .strictObject({
      callStyle: z.enum(["envelope", "value"], { error: 'must be "envelope" or "value"' }).optional(),
      output: z.enum(["result", "printed"], { error: 'must be "result" or "printed"' }).optional(),
      check: z.enum(["refuse", "warn", "off"], { error: 'must be "refuse", "warn" or "off"' }).optional(),
    })
    .optional(),
  /** A folder scripts may read and write through the `files` global; `dir` is relative to the config file. */
  workspace: z
    .strictObject({
      dir: z.string().min(1, "must be a folder's path"),
      /** true: every principal's scripts use `dir` itself and see each other's files; default: a folder per principal. */
      shared: z.boolean().optional(),
      maxFileBytes: z.number().int().positive().optional(),
      maxTotalBytes: z.number().int().positive().optional(),
    })
    .optional(),
  /** `/metrics` (Prometheus text) behind a bearer token of its own, or on a port of its own (see the README). */
  metrics: z
    .strictObject({
      token: z.string().min(16, "must be at least 16 characters").optional(),
      port: z.number().int().min(0).max(65535).optional(),
      host: z.string().min(1).optional(),
    })
    .refine((value) => value.token !== undefined || value.port !== undefined, "needs a token, a port or both: /metrics is never open on the MCP port")
    .optional(),
  /** One JSON line per execution: to a file (relative to the config file) or to stderr. */
  audit: z
    .strictObject({
      file: z.string().min(1, "must be a file's path").optional(),
      stderr: z.literal(true, { error: "must be true (or leave it out and give file)" }).optional(),
      includeArguments: z.boolean().optional(),
      includeResults: z.boolean().optional(),
    })
    .refine((value) => (value.file === undefined) !== (value.stderr === undefined), "needs exactly one of file or stderr")
    .optional(),
  /** Several gateway processes behind one load balancer, sharing state in Redis (see the README's cluster section). */
  cluster: clusterConfigSchema.optional(),
  /**
   * The web console at `/console/`: `true` for every principal the gateway admits, or `{ principals }` to name who may
   * sign in. Off by default (`codemode serve --console` turns it on).
   */
  console: z
    .union([z.boolean(), z.strictObject({ principals: z.array(z.string().min(1, "must be a principal's name")).min(1, "names at least one principal").optional() })], {
      error: 'must be true, false or { "principals": [...] }',
    })
    .optional(),
  /** How `codemode serve` stops on SIGTERM or SIGINT: running executions get `graceMs` (default 10 s) to finish. */
  shutdown: z.strictObject({ graceMs: z.number().int().nonnegative().max(3_600_000).optional() }).optional(),
})
  .superRefine((value, context) => {
    if (value.inputs !== undefined) context.addIssue({ code: "custom", path: ["inputs"], message: INPUTS_FIX });
    if (value.mcpServers === undefined && value.servers === undefined) {
      context.addIssue({ code: "custom", path: ["mcpServers"], message: "is required (or servers, as VS Code writes it)" });
    }
    if (value.mcpServers !== undefined && value.servers !== undefined) {
      context.addIssue({ code: "custom", path: ["servers"], message: "cannot be given with mcpServers; move its entries into mcpServers" });
    }
  })
  .transform(({ $schema: _schema, servers, mcpServers, inputs: _inputs, ...rest }) => ({ ...rest, mcpServers: mcpServers ?? servers ?? {} }));

export const INPUTS_FIX =
  "are VS Code's prompts, and the gateway runs with nobody to ask; delete inputs and write each ${input:ID} as ${env:NAME}, " +
  "with NAME set in the gateway's environment (codemode import FILE does both)";

/** How the gateway reaches an upstream: a child process, Streamable HTTP, or the legacy HTTP+SSE transport. */
export type UpstreamTransportType = "stdio" | "http" | "sse";

/**
 * One upstream MCP server's config: stdio when it has a `command`; with a `url`, Streamable HTTP for `"type": "http"`,
 * HTTP+SSE for `"type": "sse"`, and without a type Streamable HTTP falling back to SSE when the server refuses it.
 * `envFile` is read by {@link parseGatewayConfig} into `env`, so an entry it returns has none.
 */
export type UpstreamConfig = Omit<z.output<typeof server>, "envFile">;

/** The gateway's config, as {@link parseGatewayConfig} returns it: VS Code's `servers` arrives as `mcpServers`. */
export type GatewayConfig = Omit<z.output<typeof gatewayConfigSchema>, "mcpServers"> & { mcpServers: Record<string, UpstreamConfig> };

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
