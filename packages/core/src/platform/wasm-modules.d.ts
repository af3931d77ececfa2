// A `.wasm` file imported as a module: a compiled WebAssembly.Module, as Cloudflare Workers (and Deno's source phase)
// give it.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
