// A `.wasm` file imported as a module, as workerd gives it: a compiled WebAssembly.Module.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
