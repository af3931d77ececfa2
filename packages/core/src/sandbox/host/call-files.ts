import { callError, failedEnvelopeJson, okEnvelopeJson } from "../../envelopes/index.js";
import { toErrorData, type CallErrorCode } from "../../errors/index.js";
import { BYTES_KEY, encodeToolData } from "../../serializer/index.js";
import type { Workspace } from "../../workspace/index.js";
import { fromBase64 } from "../../portable/index.js";
import { NAMESPACE_OPERATIONS } from "../protocol.js";

const OPERATIONS = new Set<string>(NAMESPACE_OPERATIONS.files);

/**
 * Runs one `files.*` call from its JSON arguments and answers with the envelope's JSON text (never throws); `bytes`
 * says the envelope holds encoded bytes, as for a tool's reply.
 */
export async function callFiles(workspace: Workspace | undefined, name: string, args: string): Promise<{ envelope: string; bytes: boolean }> {
  const fail = (code: CallErrorCode, message: string) => ({ envelope: failedEnvelopeJson(callError(code, message)), bytes: false });
  if (!workspace || !OPERATIONS.has(name)) return fail("not_found", `No files operation "${name}".`);
  let parsed: unknown;
  try {
    // Bytes a script writes arrive as `{ "\0codemode.bytes": base64 }`.
    parsed = JSON.parse(args, (_, value: unknown) =>
      value !== null && typeof value === "object" && typeof (value as Record<string, unknown>)[BYTES_KEY] === "string"
        ? fromBase64((value as Record<string, string>)[BYTES_KEY]!)
        : value,
    );
  } catch {
    return fail("invalid_arguments", "Arguments are not JSON.");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    return fail("invalid_arguments", "Arguments must be an object.");
  }
  try {
    const operation = workspace[name as keyof Workspace] as (args: object) => Promise<unknown>;
    const data = await operation(parsed);
    const encoded = encodeToolData(data);
    return { envelope: okEnvelopeJson(encoded.json), bytes: encoded.bytes };
  } catch (error) {
    return { envelope: failedEnvelopeJson(toErrorData(error)), bytes: false };
  }
}
