// The few WebAssembly globals the sandbox uses. The shared tsconfig has no DOM library, where TypeScript declares
// them, and @types/node does not.
declare global {
  namespace WebAssembly {
    class Module {
      constructor(bytes: ArrayBufferView | ArrayBuffer);
    }
    class Memory {
      constructor(descriptor: { initial: number; maximum?: number; shared?: boolean });
      readonly buffer: ArrayBuffer;
      grow(delta: number): number;
    }
    function compile(bytes: ArrayBufferView | ArrayBuffer): Promise<Module>;
  }
}

export {};
