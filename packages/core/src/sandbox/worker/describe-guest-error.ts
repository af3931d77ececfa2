import type { QuickJSContext, QuickJSHandle } from "quickjs-emscripten-core";
import type { GuestErrorText } from "./classify-error.js";
import type { GuestValues } from "./guest-values.js";

/**
 * Reads a thrown guest value's name, message and stack on this side; getters run in the guest, under the deadline.
 * Null when the value cannot be read at all.
 */
export function describeGuestError(context: QuickJSContext, error: QuickJSHandle, values: GuestValues): GuestErrorText | null {
  const read = (key: string) => {
    try {
      const handle = context.getProp(error, key);
      const value = context.typeof(handle) === "string" ? values.string(handle) : null;
      handle.dispose();
      return value;
    } catch {
      return null;
    }
  };
  try {
    const type = context.typeof(error);
    if (type === "string") return { name: null, message: values.string(error), stack: null };
    if (type !== "object" && type !== "function") return { name: null, message: show(error, values), stack: null };
    const text = { name: read("name"), message: read("message"), stack: read("stack") };
    return text.name === null && text.message === null ? { ...text, message: show(error, values) } : text;
  } catch {
    return null;
  }
}

function show(value: QuickJSHandle, values: GuestValues): string {
  const shown = values.serialize(value);
  if ("json" in shown) return shown.json;
  shown.error.dispose();
  return "a value that cannot be shown";
}
