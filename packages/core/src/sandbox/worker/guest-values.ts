import type { QuickJSContext, QuickJSHandle, VmCallResult } from "quickjs-emscripten-core";
import { GUEST_JSON_SOURCE, mayWriteNatively } from "../../serializer/index.js";
import { callGuestFunction } from "./call-guest-function.js";
import type { GuestEngine } from "./create-guest-engine.js";
import { readGuestString, readGuestText } from "./read-guest-text.js";

/** What {@link GuestValues} reads with. */
export interface GuestValuesOptions {
  engine: GuestEngine;
  context: QuickJSContext;
  /** The script's source, which says whether its values may be written natively (see mayWriteNatively). */
  source: string;
  /** A session's run: its globals outlive its script, so its values are never written natively. */
  kept: boolean;
  /** Keeps a handle the run frees at its teardown: the compiled serialisers. */
  keep(handle: QuickJSHandle): QuickJSHandle;
}

/** Reads one run's guest values on this side: a string's exact text, and any value's JSON text. */
export class GuestValues {
  private serializer: QuickJSHandle | undefined;
  private plainJson: QuickJSHandle | undefined;
  /** Whether large values may be written by native JSON.stringify (see mayWriteNatively). */
  private writesNatively: boolean | undefined;

  constructor(private readonly options: GuestValuesOptions) {}

  /**
   * The JSON text of a guest value. Primitives are read directly; plain objects and arrays go through native
   * `JSON.stringify`; anything else through the serialiser, compiled on first use because parsing it costs more
   * than a whole trivial run. With `asBytes`, large text stays UTF-8 bytes (see readGuestText).
   */
  serialize(value: QuickJSHandle): { json: string } | { error: QuickJSHandle };
  serialize(value: QuickJSHandle, asBytes: boolean): { json: string | Uint8Array } | { error: QuickJSHandle };
  serialize(value: QuickJSHandle, asBytes = false): { json: string | Uint8Array } | { error: QuickJSHandle } {
    const { context, engine } = this.options;
    const type = context.typeof(value);
    if (type === "undefined") return { json: "null" };
    if (type === "number") return { json: JSON.stringify(context.getNumber(value)) };
    if (type === "string") return { json: JSON.stringify(this.string(value)) };
    // dump() runs guest code for objects only; for a boolean it is a plain read.
    if (type === "boolean") return { json: context.dump(value) === true ? "true" : "false" };
    if (type === "bigint") return { json: JSON.stringify(context.getBigInt(value).toString()) };
    const plain = this.plainJsonOf(value, asBytes);
    if (plain !== null) return plain;
    if (this.serializer === undefined) {
      const compiled = context.evalCode(engine.serializerSource, "codemode:serializer");
      if (compiled.error) return { error: compiled.error };
      this.serializer = this.options.keep(compiled.value);
    }
    const serialized = this.call(this.serializer, value);
    if (serialized.error) return { error: serialized.error };
    const json = context.typeof(serialized.value) === "string" ? this.text(serialized.value, asBytes) : "null";
    serialized.value.dispose();
    return { json };
  }

  /** Calls a guest function with `this` undefined (see callGuestFunction). */
  call(fn: QuickJSHandle, ...args: QuickJSHandle[]): VmCallResult<QuickJSHandle> {
    const { engine, context } = this.options;
    return callGuestFunction(engine, context, fn, context.undefined, ...args);
  }

  /** A guest string's exact text (see readGuestString). */
  string(handle: QuickJSHandle): string {
    const { engine, context } = this.options;
    return readGuestString(engine.module, engine.memory, context, handle);
  }

  private text(handle: QuickJSHandle, asBytes: boolean): string | Uint8Array {
    const { engine, context } = this.options;
    return asBytes ? readGuestText(engine.module, engine.memory, context, handle) : context.getString(handle);
  }

  private plainJsonOf(value: QuickJSHandle, asBytes: boolean): { json: string | Uint8Array } | { error: QuickJSHandle } | null {
    const { context } = this.options;
    if (this.plainJson === undefined) {
      const compiled = context.evalCode(GUEST_JSON_SOURCE, "codemode:json");
      if (compiled.error) return { error: compiled.error };
      this.plainJson = this.options.keep(compiled.value);
    }
    this.writesNatively ??= !this.options.kept && mayWriteNatively(this.options.source);
    const native = this.writesNatively ? context.true : context.false;
    const written = this.call(this.plainJson, value, native);
    if (written.error) return { error: written.error };
    const json = context.typeof(written.value) === "string" ? this.text(written.value, asBytes) : null;
    written.value.dispose();
    return json === null ? null : { json };
  }
}
