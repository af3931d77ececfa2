import { fileURLToPath } from "node:url";
import { defineBuild } from "@codemode/tsdown-config";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// One build per kind of runtime, each picking its platform (src/platform/) for `#platform`; package.json's
// conditional exports choose among them. The WebAssembly files are copied once, to dist/.
// A plugin rather than an alias: the resolver would map `#platform` through the tsconfig's paths (the Node.js
// platform, for the type checker) before an alias applied.
const platformOf = (platform: string) => ({
  name: "codemode:platform",
  resolveId(source: string) {
    if (source === "#platform") return here(`src/platform/${platform}.ts`);
    // The package's `node` condition names a file it does not ship; its ESM build serves every runtime.
    if (source === "@swc/wasm-typescript-esm") return here("node_modules/@swc/wasm-typescript-esm/wasm.js");
    return null;
  },
});

// Spelt in two pieces: loading this config rewrites the whole expression to the config's own URL.
const META_URL = ["import", "meta", "url"].join(".");

// The WebAssembly glue of both packages names its own file for when it is given none; the builds that bundlers read
// name the files this package ships instead, so a bundler that follows `new URL(..., import.meta.url)` finds them.
const WASM_NAMES: [RegExp, string][] = [
  [/new URL\((["'])emscripten-module\.wasm\1, ?import\.meta\.url\)/g, `new URL("../quickjs.wasm", ${META_URL})`],
  [/new URL\((["'])wasm_bg\.wasm\1, ?import\.meta\.url\)/g, `new URL("../typescript-stripper.wasm", ${META_URL})`],
];
const shippedWasmNames = {
  name: "codemode:shipped-wasm-names",
  transform(code: string, id: string) {
    if (!/quickjs-wasmfile|wasm-typescript-esm/.test(id)) return null;
    return WASM_NAMES.reduce((text, [pattern, name]) => text.replace(pattern, name), code);
  },
};

// The QuickJS packages are bundled (into the worker, the only file of the Node.js build that loads them at run time
// besides the in-process engine), so that a starting worker thread resolves and reads no package files before its
// first run (part of the cold start).
const deps = { alwaysBundle: [/^quickjs-emscripten-core$/, /^@jitl\//, /^@swc\//] };

// Drops an unused import of a Node.js built-in that a shared module brings along: the web builds import none.
const webTreeshake = { moduleSideEffects: "no-external" as const };

export default [
  defineBuild(
    {
      index: "src/index.ts",
      "testing/index": "src/testing/index.ts",
      // The worker is its own file: the pool starts it by URL next to the bundle.
      "sandbox-worker": "src/sandbox/worker/sandbox-worker.ts",
    },
    {
      plugins: [platformOf("node")],
      deps,
      clean: false,
      copy: [
        { from: "node_modules/@jitl/quickjs-wasmfile-release-sync/dist/emscripten-module.wasm", to: "dist", rename: "quickjs.wasm" },
        { from: "node_modules/@swc/wasm-typescript-esm/wasm_bg.wasm", to: "dist", rename: "typescript-stripper.wasm" },
        { from: ["assets/quickjs.deno.js", "assets/typescript-stripper.deno.js"], to: "dist" },
      ],
    },
  ),
  defineBuild(
    // The Web Worker is its own file too: the pool starts it by URL next to the bundle.
    { index: "src/index.ts", "testing/index": "src/testing/index.ts", "sandbox-web-worker": "src/sandbox/web/sandbox-web-worker.ts" },
    { outDir: "dist/web", platform: "browser", deps, dts: false, clean: false, treeshake: webTreeshake, plugins: [platformOf("web"), shippedWasmNames] },
  ),
  defineBuild(
    { index: "src/index.ts", "testing/index": "src/testing/index.ts" },
    {
      outDir: "dist/workerd",
      platform: "browser",
      deps,
      dts: false,
      clean: false,
      treeshake: webTreeshake,
      plugins: [platformOf("workerd"), shippedWasmNames],
      external: [/\.wasm$/],
      // The WebAssembly files sit in dist/, one folder up from the build that imports them.
      outputOptions: { paths: (id: string) => (id.endsWith(".wasm") ? `../${id.slice(id.lastIndexOf("/") + 1)}` : id) },
      inputOptions: { resolve: { conditionNames: ["workerd", "worker", "browser", "import", "default"] } },
    },
  ),
];
