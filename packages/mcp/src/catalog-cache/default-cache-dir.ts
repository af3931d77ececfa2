import { homedir } from "node:os";
import path from "node:path";

/**
 * The user's cache folder for codemode: `CODEMODE_CACHE_DIR` when set; else `$XDG_CACHE_HOME/codemode` or
 * `~/.cache/codemode` on Linux and the BSDs, `~/Library/Caches/codemode` on macOS, `%LOCALAPPDATA%\codemode\Cache` on
 * Windows.
 */
export function defaultCacheDir(env: Record<string, string | undefined> = process.env, platform: NodeJS.Platform = process.platform, home = homedir()): string {
  if (env.CODEMODE_CACHE_DIR) return path.resolve(env.CODEMODE_CACHE_DIR);
  if (platform === "darwin") return path.join(home, "Library", "Caches", "codemode");
  if (platform === "win32") return path.join(env.LOCALAPPDATA ?? path.join(home, "AppData", "Local"), "codemode", "Cache");
  // The XDG spec says a relative XDG_CACHE_HOME is invalid and must be ignored.
  const xdg = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(home, ".cache");
  return path.join(xdg, "codemode");
}
