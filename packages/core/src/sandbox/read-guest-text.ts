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

/**
 * A guest string's text: decoded as `context.getString` decodes it, or, from {@link TEXT_AS_BYTES_FROM} bytes, its
 * UTF-8 bytes copied out of the module's memory undecoded. Large JSON text is cheaper to post to another thread as
 * bytes (one copy, decoded once there) than as a string (decoded here, then serialised and copied again).
 */
export function readGuestText(
  module: QuickJSWASMModule,
  memory: WebAssembly.Memory,
  context: QuickJSContext,
  handle: QuickJSHandle,
): string | Uint8Array {
  const ffi = module.getFFI() as unknown as StringFfi;
  const contextPointer = (context as unknown as ContextPointer).ctx.value;
  const text = ffi.QTS_GetString(contextPointer, handle.value as unknown as number);
  try {
    // Read after the call: making the C string may have grown the memory, which detaches older views.
    const heap = new Uint8Array(memory.buffer);
    const end = heap.indexOf(0, text);
    return end - text >= TEXT_AS_BYTES_FROM ? heap.slice(text, end) : decoder.decode(heap.subarray(text, end));
  } finally {
    ffi.QTS_FreeCString(contextPointer, text);
  }
}
