// Runs first in the root `pnpm start`, `pnpm test` and `pnpm bench`. The published packages need Node 22 or later
// (their `engines`); this repository's tools still run on Node 20, so an older Node is told, not stopped
// (docs/decisions/2026-12-06-node-22-and-later.md). On Node 20 the bench's figures are not what users' Node gives.
const OLDEST_SUPPORTED = 22;
const major = Number(process.versions.node.split(".")[0]);
if (major < OLDEST_SUPPORTED) {
  process.stderr.write(
    `note: this is Node ${process.version}, which is past its end of life; the codemode packages need Node ${OLDEST_SUPPORTED} or later.\n` +
      `      This repository's commands still run on it, but CI tests Node 22 and 26 only, and the ai 7 and MCP conformance suites skip here.\n` +
      `      Install Node ${OLDEST_SUPPORTED} or later (https://nodejs.org, or \`nvm install ${OLDEST_SUPPORTED}\`) to run what users run.\n`,
  );
}
