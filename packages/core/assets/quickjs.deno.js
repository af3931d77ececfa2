// Deno gives a `.wasm` file as a compiled WebAssembly.Module through a source phase import, with no --allow-read.
import source module from "./quickjs.wasm";

export default module;
