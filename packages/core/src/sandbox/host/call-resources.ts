import { callError, failedEnvelopeJson, okEnvelopeJson } from "../../envelopes/index.js";
import { cutText, previewText, toErrorData, type CallErrorCode } from "../../errors/index.js";
import type { ResourceSource } from "../../resources/index.js";
import { encodeToolData } from "../../serializer/index.js";
import type { ResourceAllowFilter } from "../../tools/index.js";
import { fromBase64, utf8ByteLength } from "../../portable/index.js";

/** What one `resources.*` call needs besides its name and arguments. */
export interface CallResourcesOptions {
  allowed: ResourceAllowFilter;
  context: unknown;
  signal: AbortSignal;
  /** The largest answer the script may receive, as for a tool's result. */
  maxBytes: number;
}

/**
 * Runs one `resources.*` call (`list`, `read`) from its JSON arguments and answers with the envelope's JSON text
 * (never throws): only resources the caller's allowlist admits are listed or read, and an unknown or forbidden one
 * gets the same `not_found`, so a script cannot probe what exists.
 */
export async function callResources(
  source: ResourceSource | undefined,
  name: string,
  args: string,
  options: CallResourcesOptions,
): Promise<{ envelope: string; bytes: boolean }> {
  const fail = (code: CallErrorCode, message: string) => ({ envelope: failedEnvelopeJson(callError(code, message)), bytes: false });
  if (!source || (name !== "list" && name !== "read")) return fail("not_found", `No resources operation "${name}".`);
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(args) as Record<string, unknown>;
  } catch {
    return fail("invalid_arguments", "Arguments are not JSON.");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return fail("invalid_arguments", "Arguments must be an object.");
  const { namespace, uri } = parsed;
  if (namespace !== undefined && typeof namespace !== "string") return fail("invalid_arguments", "namespace must be a string.");
  const call = { signal: options.signal, context: options.context };
  let data: unknown;
  try {
    if (name === "list") {
      const listed = await source.list(namespace === undefined ? {} : { namespace }, call);
      data = listed.filter(
        (item) => (namespace === undefined || item.namespace === namespace) && options.allowed(item.namespace, item.uri),
      );
    } else {
      if (typeof namespace !== "string" || typeof uri !== "string") return fail("invalid_arguments", "read needs { namespace, uri }, both strings.");
      if (!options.allowed(namespace, uri)) return fail("not_found", `No resource ${previewText(uri)} is available in ${previewText(namespace)}.`);
      const contents = await source.read({ namespace, uri }, call);
      data = contents.map((content) => ("blob" in content && typeof content.blob === "string" ? { ...content, blob: fromBase64(content.blob) } : content));
    }
  } catch (error) {
    const data = toErrorData(error);
    return { envelope: failedEnvelopeJson({ ...data, message: cutText(data.message, options.maxBytes) }), bytes: false };
  }
  let encoded: { json: string; bytes: boolean };
  try {
    encoded = encodeToolData(data);
  } catch {
    return fail("tool_error", "The resource's answer cannot be sent to the script.");
  }
  if (utf8ByteLength(encoded.json) > options.maxBytes) return fail("limit_exceeded", `The answer is larger than ${options.maxBytes} bytes.`);
  return { envelope: okEnvelopeJson(encoded.json), bytes: encoded.bytes };
}


