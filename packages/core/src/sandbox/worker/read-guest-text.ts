import type { QuickJSContext, QuickJSHandle, QuickJSWASMModule } from "quickjs-emscripten-core";

/** UTF-8 bytes from which a guest string leaves the worker as bytes rather than as a decoded string. */
export const TEXT_AS_BYTES_FROM = 16 * 1024;

const decoder = new TextDecoder();

// quickjs-emscripten 0.32 keeps a context's C pointer in a protected field; its public FFI takes that pointer.
interface ContextPointer {
  ctx: { value: number };
}

interface StringFfi {
  QTS_GetString(context: number, value: number): number;
  QTS_FreeCString(context: number, text: number): void;
}

const heaps = new WeakMap<WebAssembly.Memory, Uint8Array>();

/**
 * A view of the module's whole memory, made again only when the memory grew (which detaches the views of the old
 * buffer): a string is read several times a tool call, and each new view is one more object to collect. Taken after
 * the call that made the C string, since making it may have grown the memory.
 */
function heapOf(memory: WebAssembly.Memory): Uint8Array {
  const buffer = memory.buffer;
  let heap = heaps.get(memory);
  if (heap?.buffer !== buffer) heaps.set(memory, (heap = new Uint8Array(buffer)));
  return heap;
}

/** Calls `read` with the guest string's UTF-8 (QuickJS writes a lone surrogate as its own three bytes) in the heap. */
function withGuestBytes<T>(
  module: QuickJSWASMModule,
  memory: WebAssembly.Memory,
  context: QuickJSContext,
  handle: QuickJSHandle,
  read: (heap: Uint8Array, start: number, end: number) => T,
): T {
  const ffi = module.getFFI() as unknown as StringFfi;
  const contextPointer = (context as unknown as ContextPointer).ctx.value;
  const text = ffi.QTS_GetString(contextPointer, handle.value as unknown as number);
  try {
    const heap = heapOf(memory);
    return read(heap, text, heap.indexOf(0, text));
  } finally {
    ffi.QTS_FreeCString(contextPointer, text);
  }
}

/**
 * A guest string's text: decoded as {@link readGuestString} decodes it, or, from {@link TEXT_AS_BYTES_FROM} bytes, its
 * UTF-8 bytes copied out of the module's memory undecoded. Large JSON text is cheaper to post to another thread as
 * bytes (one copy, decoded once there) than as a string (decoded here, then serialised and copied again). JSON text
 * holds no lone surrogate (the guest's JSON.stringify escapes them), so its bytes are UTF-8.
 */
export function readGuestText(
  module: QuickJSWASMModule,
  memory: WebAssembly.Memory,
  context: QuickJSContext,
  handle: QuickJSHandle,
): string | Uint8Array {
  return withGuestBytes(module, memory, context, handle, (heap, start, end) =>
    end - start >= TEXT_AS_BYTES_FROM ? heap.slice(start, end) : decodeGuestBytes(heap.subarray(start, end)),
  );
}

/**
 * A guest string's exact text, lone surrogates included: `context.getString` decodes strictly, so each lone
 * surrogate (a string sliced mid-pair, say) would become three U+FFFD.
 */
export function readGuestString(module: QuickJSWASMModule, memory: WebAssembly.Memory, context: QuickJSContext, handle: QuickJSHandle): string {
  return withGuestBytes(module, memory, context, handle, (heap, start, end) => decodeGuestBytes(heap.subarray(start, end)));
}

/** Decodes UTF-8 that may hold surrogates encoded on their own (WTF-8); the strict decoder first, as almost all is UTF-8. */
export function decodeGuestBytes(bytes: Uint8Array): string {
  const strict = decoder.decode(bytes);
  if (!strict.includes("\uFFFD")) return strict;
  let text = "";
  const units: number[] = [];
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i]!;
    const next = (offset: number) => (bytes[i + offset] ?? 0) & 0x3f;
    let codePoint: number;
    if (lead < 0x80) [codePoint, i] = [lead, i + 1];
    else if (lead < 0xe0) [codePoint, i] = [((lead & 0x1f) << 6) | next(1), i + 2];
    else if (lead < 0xf0) [codePoint, i] = [((lead & 0x0f) << 12) | (next(1) << 6) | next(2), i + 3];
    else [codePoint, i] = [((lead & 0x07) << 18) | (next(1) << 12) | (next(2) << 6) | next(3), i + 4];
    if (codePoint > 0xffff) units.push(0xd800 + ((codePoint - 0x10000) >> 10), 0xdc00 + ((codePoint - 0x10000) & 0x3ff));
    else units.push(codePoint);
    if (units.length >= 8192) text += String.fromCharCode(...units.splice(0));
  }
  return text + String.fromCharCode(...units);
}
