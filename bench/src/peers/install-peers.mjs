// Installs what `pnpm bench:peers` needs, outside the pnpm workspace: a Node >= 22.13 when this one is older (the
// AI SDK's code mode requires it; Node ships on npm as node-<platform>-<arch>, so no other download is needed), then
// bench/peers with npm, on that Node, so isolated-vm picks its prebuilt binary for that Node's ABI.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const peers = fileURLToPath(new URL("../../peers/", import.meta.url));
const NODE_VERSION = "22.22.0";

/** The Node binary the peers run on, installed into bench/peers/.node if this process's Node is too old. */
function peerNodeHome() {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major > 22 || (major === 22 && minor >= 13)) return null;
  return `${peers}.node/node_modules/node-${process.platform}-${process.arch}`;
}

const home = peerNodeHome();
const env = { ...process.env };
if (home) {
  if (!existsSync(`${home}/bin/node`)) {
    console.error(`bench:peers: installing Node ${NODE_VERSION} into bench/peers/.node`);
    execFileSync("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", `${peers}.node`, `node-${process.platform}-${process.arch}@${NODE_VERSION}`], { stdio: "inherit" });
  }
  env.PATH = `${home}/bin:${env.PATH}`;
  env.npm_config_nodedir = home;
}
console.error("bench:peers: npm install --prefix bench/peers");
execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefix", peers], { stdio: "inherit", env });
