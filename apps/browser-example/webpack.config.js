// @ts-check
// The same page built by webpack, with nothing but its built-in handling of what @codemode/core writes:
// `new Worker(new URL("./sandbox-web-worker.js", import.meta.url))` becomes a worker chunk and
// `new URL("../quickjs.wasm", import.meta.url)` an asset. The page's HTML is index.html pointing at the bundle.
import { readFileSync } from "node:fs";
import { URL, fileURLToPath } from "node:url";
import webpack from "webpack";

const here = (/** @type {string} */ path) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Emits index.html with its script tag pointing at webpack's bundle instead of Vite's source entry.
 * @type {import("webpack").WebpackPluginInstance}
 */
const pageHtml = {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap("page-html", (compilation) => {
      compilation.hooks.processAssets.tap({ name: "page-html", stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONS }, () => {
        const html = readFileSync(here("index.html"), "utf8").replace('type="module" src="/src/main.ts"', 'defer src="./main.js"');
        compilation.emitAsset("index.html", new webpack.sources.RawSource(html));
      });
    });
  },
};

/** @type {import("webpack").Configuration} */
export default {
  mode: "production",
  target: "web",
  entry: { main: here("src/main.ts") },
  output: { path: here("dist/webpack"), filename: "[name].js", clean: true },
  resolve: {
    conditionNames: ["browser", "import", "default"],
    extensionAlias: { ".js": [".ts", ".js"] },
    extensions: [".ts", ".js"],
  },
  // The page's own TypeScript; the type check is `tsc`'s.
  module: { rules: [{ test: /\.ts$/, loader: "ts-loader", options: { transpileOnly: true } }] },
  plugins: [pageHtml],
  // The engine's WebAssembly (4 MiB with the type stripper) is loaded on demand, not with the page.
  performance: { hints: false },
};
