// The WebAssembly globals the runtime entries use: the tsconfig has no DOM library, and @types/node 20 none.
declare global {
  namespace WebAssembly {
    class Module {
      constructor(bytes: ArrayBufferView | ArrayBuffer);
    }
    function compile(bytes: ArrayBufferView | ArrayBuffer): Promise<Module>;
  }
}

export {};
