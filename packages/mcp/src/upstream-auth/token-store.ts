import { createHash, randomBytes } from "node:crypto";
import { chmod, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import type { OAuthDiscoveryState, StoredOAuthClientInformation, StoredOAuthTokens } from "@modelcontextprotocol/client";
import { CodeModeError } from "@codemode/core";

/** What the gateway keeps about one upstream server and resource between runs. */
export interface UpstreamAuthRecord {
  server: string;
  /** The server's URL: the protected resource the tokens are for. */
  resource: string;
  /** The client registered by Dynamic Client Registration or named by a metadata-document URL. */
  client?: StoredOAuthClientInformation;
  tokens?: StoredOAuthTokens;
  /** When the access token expires, in ms since the epoch, from the token response's `expires_in`. */
  expiresAt?: number;
  discovery?: OAuthDiscoveryState;
  /** The loopback redirect URI the client was registered with, reused by the next login. */
  redirectUri?: string;
  /** A scope the server asked for (step-up) that the next `codemode login` must request. */
  pendingScope?: string;
}

/** The files that hold upstream OAuth credentials: one per server and resource, mode 0600, in a 0700 folder. */
export interface TokenStore {
  readonly dir: string;
  read(server: string, resource: string): Promise<UpstreamAuthRecord>;
  write(record: UpstreamAuthRecord): Promise<void>;
  /** Removes every record of one server; resolves to how many files it removed. */
  remove(server: string): Promise<number>;
}

/** `CODEMODE_AUTH_DIR`, else `~/.codemode/auth`. */
export function defaultAuthDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.CODEMODE_AUTH_DIR || path.join(homedir(), ".codemode", "auth");
}

/** A token store in `dir` (created on first write). */
export function createTokenStore(dir: string = defaultAuthDir()): TokenStore {
  const fileOf = (server: string, resource: string) =>
    path.join(dir, `${server}-${createHash("sha256").update(resource).digest("hex").slice(0, 16)}.json`);
  return {
    dir,
    async read(server, resource) {
      const file = fileOf(server, resource);
      let text: string;
      try {
        text = await readFile(file, "utf8");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return { server, resource };
        throw new CodeModeError("UNAVAILABLE", `Cannot read the stored login of upstream ${server} (${file}): ${(error as Error).message}`);
      }
      try {
        const record = JSON.parse(text) as UpstreamAuthRecord;
        return { ...record, server, resource };
      } catch {
        throw new CodeModeError("UNAVAILABLE", `The stored login of upstream ${server} (${file}) is not valid JSON; run \`codemode logout ${server}\` and log in again.`);
      }
    },
    async write(record) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = fileOf(record.server, record.resource);
      // Written beside and renamed over, so a reader never sees half a file; created 0600, never wider.
      const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temporary, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
      await chmod(temporary, 0o600);
      await rename(temporary, file);
    },
    async remove(server) {
      const names = await readdir(dir).catch(() => [] as string[]);
      const mine = names.filter((name) => new RegExp(`^${server}-[0-9a-f]{16}\\.json$`).test(name));
      await Promise.all(mine.map((name) => rm(path.join(dir, name), { force: true })));
      return mine.length;
    },
  };
}
