import { spawn } from "node:child_process";
import { CodeModeError } from "@codemode/core";
import type { GatewayConfig } from "../config/index.js";
import { createTokenStore, loginUpstream } from "../upstream-auth/index.js";

/** Where the command writes (the CLI's own io). */
interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Options of {@link runLogin}. */
export interface RunLoginOptions {
  config: GatewayConfig;
  configFile: string;
  baseDir: string;
  server: string;
  openBrowser: boolean;
}

/**
 * `codemode login SERVER`: the authorization-code flow once. The authorization URL goes to stdout on a line of its
 * own (and to a browser unless --no-browser); everything else goes to stderr. Never prints a token.
 */
export async function runLogin(options: RunLoginOptions, io: Io): Promise<number> {
  const entry = options.config.mcpServers[options.server];
  if (!entry) throw new CodeModeError("INVALID_USAGE", `${options.configFile} has no server "${options.server}" in mcpServers.`);
  if (entry.url === undefined || entry.oauth === undefined) {
    throw new CodeModeError("INVALID_USAGE", `mcpServers.${options.server} needs a url and an "oauth" key (\`"oauth": {}\` discovers everything) to log in.`);
  }
  const store = createTokenStore();
  const result = await loginUpstream({
    server: options.server,
    url: entry.url,
    headers: entry.headers ?? {},
    oauth: entry.oauth,
    store,
    baseDir: options.baseDir,
    onAuthorizationUrl: (url) => {
      io.stderr(`Open this URL to authorize the gateway to use ${options.server}:\n`);
      io.stdout(`${url.href}\n`);
      if (options.openBrowser) openBrowser(url.href);
    },
  });
  const granted = result.scope ? ` with scope "${result.scope}"` : "";
  const renewal = result.refreshable ? "it is refreshed on its own" : "the server gave no refresh token, so log in again when it expires";
  io.stderr(`Logged in to ${options.server}${granted}; the login is stored in ${store.dir} (${renewal}).\n`);
  return 0;
}

/** `codemode logout SERVER`: removes the server's stored logins. */
export async function runLogout(server: string, io: Io): Promise<number> {
  const store = createTokenStore();
  const removed = await store.remove(server);
  io.stderr(removed > 0 ? `Logged out of ${server} (${removed} stored login${removed === 1 ? "" : "s"} removed from ${store.dir}).\n` : `No stored login of ${server} in ${store.dir}.\n`);
  return 0;
}

function openBrowser(url: string) {
  const [command, args] =
    process.platform === "darwin" ? ["open", [url]] : process.platform === "win32" ? ["cmd", ["/c", "start", "", url]] : ["xdg-open", [url]];
  // A missing opener is not an error: the URL is printed for the user to open.
  const child = spawn(command as string, args as string[], { stdio: "ignore", detached: true });
  child.on("error", () => undefined);
  child.unref();
}
