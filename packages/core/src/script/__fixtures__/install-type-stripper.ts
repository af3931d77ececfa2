// Loads the TypeScript stripper for tests that call prepareScript directly (createCodeMode loads it itself).
import { readFileSync } from "node:fs";
import { initSync, transformSync } from "@swc/wasm-typescript-esm";
import { installTypeStripper } from "../index.js";

const wasm = readFileSync(new URL("../../../node_modules/@swc/wasm-typescript-esm/wasm_bg.wasm", import.meta.url));
initSync({ module: new WebAssembly.Module(wasm) });
installTypeStripper(transformSync);
