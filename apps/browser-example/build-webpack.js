// @ts-check
// The webpack build through its Node.js API (no CLI): `node build-webpack.js`, and the test calls it.
import { argv } from "node:process";
import { pathToFileURL } from "node:url";
import webpack from "webpack";
import config from "./webpack.config.js";

/**
 * Builds the page with webpack into dist/webpack/ (after Vite's build, which empties dist/).
 * @returns {Promise<void>} rejected with webpack's own errors
 */
export function buildWithWebpack() {
  const compiler = webpack(config);
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => {
        if (error) reject(error);
        else if (stats?.hasErrors()) reject(new Error(stats.toString("errors-only")));
        else resolve();
      });
    });
  });
}

if (import.meta.url === pathToFileURL(argv[1] ?? "").href) await buildWithWebpack();
