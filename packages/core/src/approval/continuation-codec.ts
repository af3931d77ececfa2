import type { RunRecord } from "../envelopes/index.js";
import { fromBase64, toBase64Url } from "../portable/index.js";

/** What a continuation says about a paused run, signed; its body (code and record) inline or in the store. */
export interface ContinuationState {
  /** The continuation's own id: the key of its claim and of its body in the store. */
  id: string;
  /** The paused run's id, the same in every continuation of one run: call ids are `call_<runId>_<position>`. */
  runId: string;
  owner: string;
  /** Milliseconds since the epoch after which the continuation is refused. */
  expiresAt: number;
  /** SHA-256 (hex) of the script and of the tool manifest (names and input schemas) it paused with. */
  codeHash: string;
  toolsHash: string;
  /** The runs' own time so far: a resumed run's deadline counts it as spent. */
  usedMs: number;
  /** The calls waiting for a decision. */
  pending: { callId: string; tool: string }[];
  /** The body inline, or the SHA-256 (hex) of its JSON text kept in the store under `id`. */
  body?: ContinuationBody;
  stored?: string;
}

/** What a resumed run needs to run again: the script, its inputs and the record of what it did. */
export interface ContinuationBody {
  code: string;
  /** The JSON text of the script's `args`, and the caller's allowlist, as the paused run had them. */
  args?: string;
  allow?: string[];
  /** The input schema hash of each tool the run called, to name a tool that changed. */
  tools: Record<string, string>;
  record: RunRecord;
}

const PREFIX = "cm1.";

const UTF8 = new TextEncoder();

// WebCrypto, which every runtime has (Node.js 20, Bun, Deno, browsers, Cloudflare Workers).
const subtle = () => globalThis.crypto.subtle;

function hex(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += byte.toString(16).padStart(2, "0");
  return text;
}

/** SHA-256 of a text, as hex. */
export async function sha256(text: string): Promise<string> {
  return hex(new Uint8Array(await subtle().digest("SHA-256", UTF8.encode(text))));
}

/** A random id of `bytes` bytes, as hex. */
export async function randomId(bytes: number): Promise<string> {
  return hex(globalThis.crypto.getRandomValues(new Uint8Array(bytes)));
}

async function hmac(secret: string | Uint8Array, payload: string): Promise<Uint8Array> {
  const raw = typeof secret === "string" ? UTF8.encode(secret) : secret;
  // HMAC keys may be empty in RFC 2104; WebCrypto refuses a zero-length key, and a zero byte is the same key to HMAC.
  const key = await subtle().importKey("raw", raw.length === 0 ? new Uint8Array(1) : raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await subtle().sign("HMAC", key, UTF8.encode(payload)));
}

/** Signs a continuation's state: `cm1.<payload>.<HMAC-SHA256 of it>`, both base64url. */
export async function encodeContinuation(state: ContinuationState, secret: string | Uint8Array): Promise<string> {
  const payload = `${PREFIX}${toBase64Url(UTF8.encode(JSON.stringify(state)))}`;
  return `${payload}.${toBase64Url(await hmac(secret, payload))}`;
}

/** The state of a continuation whose signature holds, or null for anything else (malformed, tampered, foreign). */
export async function decodeContinuation(text: unknown, secret: string | Uint8Array): Promise<ContinuationState | null> {
  if (typeof text !== "string" || !text.startsWith(PREFIX)) return null;
  const dot = text.lastIndexOf(".");
  if (dot <= PREFIX.length) return null;
  const payload = text.slice(0, dot);
  const expected = await hmac(secret, payload);
  let given: Uint8Array;
  try {
    given = fromBase64(text.slice(dot + 1), true);
  } catch {
    return null;
  }
  if (!sameBytes(given, expected)) return null;
  try {
    const state = JSON.parse(new TextDecoder().decode(fromBase64(payload.slice(PREFIX.length), true))) as ContinuationState;
    return typeof state === "object" && state !== null && typeof state.id === "string" ? state : null;
  } catch {
    return null;
  }
}

/** Compares two MACs in time that depends only on their length. */
function sameBytes(left: Uint8Array, right: Uint8Array): boolean {
  if (left.length !== right.length) return false;
  let difference = 0;
  for (let index = 0; index < left.length; index++) difference |= left[index]! ^ right[index]!;
  return difference === 0;
}

/** JSON text with object keys sorted, so the same schema hashes the same whatever order built it. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    entries.sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The hashes a continuation binds of a tool set: the whole manifest's, and each tool's input schema's. */
export async function hashTools(tools: readonly { name: string; inputJsonSchema: unknown }[]): Promise<{ manifest: string; each: Map<string, string> }> {
  const each = new Map<string, string>();
  for (const tool of tools) each.set(tool.name, await sha256(canonical(tool.inputJsonSchema ?? null)));
  const names = [...each.keys()].sort();
  return { manifest: await sha256(names.map((name) => `${name}:${each.get(name)}`).join("\n")), each };
}
