import { CodeModeError } from "../errors/index.js";

/** Decides whether a caller may list or read one resource, by its namespace and URI. */
export type ResourceAllowFilter = (namespace: string, uri: string) => boolean;

const RESOURCE = ".resource:";
// A URI under a declared prefix goes on with plain path segments only. Anything a lenient server might read as a way
// out of the prefix (dot segments, escapes, `\`, `?`, `#`, `@`, `:`, empty segments, non-ASCII look-alikes) is refused
// rather than interpreted: the server, not this check, decides what a spelling means.
const PLAIN_TAIL = /^[A-Za-z0-9._~/-]+$/;

/**
 * Builds the resource side of a caller's allowlist. A resource is admitted by `*`, by `<namespace>.*` (all of that
 * namespace, as for its tools), by `<namespace>.resource:<uri>` (that URI exactly, byte for byte) or by
 * `<namespace>.resource:<prefix>*` (URIs that start with the prefix and go on with plain path segments). Tool
 * patterns never admit a resource, so a glob cannot match a URI the script chose. A resource pattern of another form
 * throws `INVALID_OPTIONS` saying what to write.
 */
export function createResourceAllowFilter(allow: readonly string[] | undefined): ResourceAllowFilter {
  if (allow === undefined || allow.includes("*")) return () => true;
  const whole = new Set<string>();
  const exact = new Set<string>();
  const prefixes = new Map<string, string[]>();
  for (const pattern of allow) {
    const at = pattern.indexOf(RESOURCE);
    if (at === -1) {
      if (pattern.endsWith(".*") && !pattern.slice(0, -2).includes("*")) whole.add(pattern.slice(0, -2));
      continue;
    }
    const namespace = pattern.slice(0, at);
    const uri = pattern.slice(at + RESOURCE.length);
    const star = uri.indexOf("*");
    if (namespace === "" || namespace.includes("*") || (star !== -1 && star !== uri.length - 1)) throw invalidPattern(pattern);
    if (star === -1) exact.add(`${namespace}\0${uri}`);
    else prefixes.set(namespace, [...(prefixes.get(namespace) ?? []), uri.slice(0, -1)]);
  }
  return (namespace, uri) =>
    whole.has(namespace) ||
    exact.has(`${namespace}\0${uri}`) ||
    (prefixes.get(namespace)?.some((prefix) => uri.startsWith(prefix) && isPlainTail(prefix, uri.slice(prefix.length))) ?? false);
}

function isPlainTail(prefix: string, tail: string): boolean {
  if (tail === "") return true;
  if (!PLAIN_TAIL.test(tail)) return false;
  // Segments are read from the prefix's last `/`, so a prefix that ends mid-segment cannot be completed into `..`.
  const segments = (prefix.slice(prefix.lastIndexOf("/") + 1) + tail).split("/");
  return segments.every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

function invalidPattern(pattern: string): CodeModeError {
  return new CodeModeError(
    "INVALID_OPTIONS",
    `The allow pattern ${JSON.stringify(pattern)} is not a resource pattern: write <server>.resource:<uri> for that URI exactly, ` +
      "<server>.resource:<prefix>* for the URIs under a prefix (one * at the end only, the server named in full), or <server>.* for all of a server.",
    { details: { option: "allow", pattern } },
  );
}
