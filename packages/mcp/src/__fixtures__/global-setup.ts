import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Vitest's global setup: every gateway and CLI the tests start keeps its catalog cache in a folder of this run, never
 * in the user's cache folder (nor in another run's, on a machine where several run at once).
 */
export default function setup(): () => void {
  const folder = mkdtempSync(path.join(tmpdir(), "codemode-test-cache-"));
  process.env.CODEMODE_CACHE_DIR = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
