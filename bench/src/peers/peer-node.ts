import { fileURLToPath } from "node:url";

/** bench/peers: the peers' own package.json and node_modules, outside the pnpm workspace. */
export const PEERS_DIR = fileURLToPath(new URL("../../peers/", import.meta.url));

/** The Node binary peers run on: this one if it is >= 22.13, else the one install-peers.mjs put in bench/peers/.node. */
export function peerNode(): string {
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  if (major > 22 || (major === 22 && minor >= 13)) return process.execPath;
  return `${PEERS_DIR}.node/node_modules/node-${process.platform}-${process.arch}/bin/node`;
}
