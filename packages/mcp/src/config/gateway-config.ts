import { z } from "zod";
import { approvalsConfigSchema } from "../approval/index.js";

const NAMESPACE = /^[A-Za-z0-9_-]+$/;
const RESERVED = new Set(["__proto__", "constructor", "prototype"]);

const timeoutMs = z.number().int().positive().max(3_600_000);
const stringMap = z.record(z.string(), z.string());

// One object rather than a union, so every issue keeps the path of the key that is wrong.
const server = z
  .strictObject({
    command: z.string().min(1, "must not be empty").optional(),
    args: z.array(z.string()).optional(),
    env: stringMap.optional(),
    cwd: z.string().optional(),
    url: z.string().refine(isHttpUrl, "must be an http(s) URL").optional(),
    headers: stringMap.optional(),
    timeoutMs: timeoutMs.optional(),
    maxResponseBytes: z.number().int().positive().optional(),
  })
  .superRefine((value, context) => {
    if (value.command === undefined && value.url === undefined) {
      context.addIssue({ code: "custom", message: "needs a command (stdio) or a url (Streamable HTTP)" });
    }
    if (value.command !== undefined && value.url !== undefined) {
      context.addIssue({ code: "custom", path: ["url"], message: "cannot be given with command" });
    }
    const wrongSide = value.url !== undefined ? ["args", "env", "cwd"] : ["headers"];
    for (const key of wrongSide) {
      if ((value as Record<string, unknown>)[key] !== undefined) {
        const kind = value.url !== undefined ? "stdio" : "HTTP";
        context.addIssue({ code: "custom", path: [key], message: `is only for ${kind} servers` });
      }
    }
  });

const toolName = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must be a tool name: 1-64 letters, digits, _ or -");

/** The gateway config's schema: the `mcpServers` shape MCP clients use plus the gateway's own keys. */
export const gatewayConfigSchema = z.strictObject({
  mcpServers: z.record(
    z.string().refine((id) => NAMESPACE.test(id) && !RESERVED.has(id), "server id must be a valid namespace (letters, digits, _ or -)"),
    server,
  ),
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
      maxResponseBytes: z.number().int().positive().optional(),
      callTimeoutMs: timeoutMs.optional(),
      approvalTimeoutMs: timeoutMs.optional(),
    })
    .optional(),
  tools: z.strictObject({ execute: toolName.optional(), search: z.union([toolName, z.literal(false)], { error: "must be a tool name or false" }).optional() }).optional(),
  auth: z
    .strictObject({
      bearer: z.array(
        z.strictObject({
          name: z.string().min(1),
          token: z.string().min(16, "must be at least 16 characters"),
          allow: z.array(z.string().min(1)).optional(),
        }),
      ),
    })
    .optional(),
  poolSize: z.number().int().positive().optional(),
  /** Opt-in sessions: `execute` then takes a `sessionId` whose top-level variables outlive each run (see docs/sessions.md). */
  sessions: z
    .strictObject({
      ttlMs: z.number().int().positive().max(86_400_000).optional(),
      maxSessions: z.number().int().positive().max(1024).optional(),
    })
    .optional(),
  approvals: approvalsConfigSchema.optional(),
  /** How scripts see their calls and what they return (the core's `callStyle` and `output` options). */
  script: z
    .strictObject({
      callStyle: z.enum(["envelope", "value"], { error: 'must be "envelope" or "value"' }).optional(),
      output: z.enum(["result", "printed"], { error: 'must be "result" or "printed"' }).optional(),
    })
    .optional(),
  /** A folder scripts may read and write through the `files` global; `dir` is relative to the config file. */
  workspace: z
    .strictObject({
      dir: z.string().min(1, "must be a folder's path"),
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
  /** How `codemode serve` stops on SIGTERM or SIGINT: running executions get `graceMs` (default 10 s) to finish. */
  shutdown: z.strictObject({ graceMs: z.number().int().nonnegative().max(3_600_000).optional() }).optional(),
});

/** The gateway's config, as {@link parseGatewayConfig} returns it. */
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
/** One upstream MCP server's config: stdio when it has a `command`, Streamable HTTP when it has a `url`. */
export type UpstreamConfig = GatewayConfig["mcpServers"][string];

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
