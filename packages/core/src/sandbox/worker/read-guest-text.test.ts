import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSContext, type QuickJSSyncVariant, type QuickJSWASMModule } from "quickjs-emscripten-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeGuestBytes, readGuestString, readGuestText, TEXT_AS_BYTES_FROM } from "./read-guest-text.js";

let module: QuickJSWASMModule;
let memory: WebAssembly.Memory;
let context: QuickJSContext;

beforeAll(async () => {
  // A small memory that must grow while the test runs, as the engine's does.
  memory = new WebAssembly.Memory({ initial: 256, maximum: 2048 });
  const base = (await import("@jitl/quickjs-wasmfile-release-sync")) as unknown as { default: QuickJSSyncVariant };
  module = await newQuickJSWASMModuleFromVariant(newVariant(base.default, { wasmMemory: memory }));
  context = module.newContext();
});

afterAll(() => context.dispose());

function read(expression: string): { text: string | Uint8Array; decoded: string } {
  const handle = context.unwrapResult(context.evalCode(expression));
  try {
    return { text: readGuestText(module, memory, context, handle), decoded: context.getString(handle) };
  } finally {
    handle.dispose();
  }
}

describe("readGuestText", () => {
  it("reads a short string as the string getString reads", () => {
    const { text, decoded } = read(`"plain ascii, é, 😀"`);
    expect(text).toBe(decoded);
  });

  it("reads a long string as its UTF-8 bytes, which decode to the same text", () => {
    const { text, decoded } = read(`JSON.stringify(Array.from({ length: 4000 }, (_, i) => ({ i, s: "é😀" + i })))`);
    expect(text).toBeInstanceOf(Uint8Array);
    expect((text as Uint8Array).length).toBeGreaterThanOrEqual(TEXT_AS_BYTES_FROM);
    expect(new TextDecoder().decode(text as Uint8Array)).toBe(decoded);
    expect((text as Uint8Array).length).toBe(Buffer.byteLength(decoded, "utf8"));
  });

  it("reads a string whose UTF-8 copy needs more memory than the module started with", () => {
    const { text, decoded } = read(`"é😀".repeat(1_500_000)`);
    expect(memory.buffer.byteLength).toBeGreaterThan(256 * 65_536);
    expect((text as Uint8Array).length).toBe(Buffer.byteLength(decoded, "utf8"));
    expect(Buffer.from(text as Uint8Array).subarray(-6).toString("utf8")).toBe("é😀");
  });
});

describe("readGuestString", () => {
  it("keeps lone surrogates, which getString turns into three U+FFFD each", () => {
    const handle = context.unwrapResult(context.evalCode(`"a\\ud800b\\udfffc😀\\ufffd".repeat(3000)`));
    try {
      expect(readGuestString(module, memory, context, handle)).toBe("a\ud800b\udfffc😀\ufffd".repeat(3000));
      expect(context.getString(handle)).not.toContain("\ud800");
    } finally {
      handle.dispose();
    }
  });
});

describe("decodeGuestBytes", () => {
  it("decodes UTF-8 as TextDecoder does, and a surrogate's own three bytes as that surrogate", () => {
    expect(decodeGuestBytes(Buffer.from("é😀 plain"))).toBe("é😀 plain");
    expect(decodeGuestBytes(new Uint8Array([0x61, 0xed, 0xa0, 0x80, 0x62, 0xef, 0xbf, 0xbd]))).toBe("a\ud800b\ufffd");
  });
});
