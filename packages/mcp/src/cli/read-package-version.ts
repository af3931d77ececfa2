import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The version in @codemode/mcp's package.json, found by walking up from this module: the sources (src/cli/) and the
 * build (dist/) sit at different depths below it.
 */
export function readPackageVersion(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: string; version?: string };
      if (manifest.name === "@codemode/mcp" && manifest.version) return manifest.version;
    } catch {
      // No package.json at this level: keep walking up.
    }
    if (path.dirname(dir) === dir) return "unknown";
  }
}
