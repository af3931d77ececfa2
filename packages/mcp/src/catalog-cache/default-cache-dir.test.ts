import path from "node:path";
import { describe, expect, it } from "vitest";
import { defaultCacheDir } from "./default-cache-dir.js";

describe("defaultCacheDir", () => {
  it("follows each platform's rule for a user's cache, and CODEMODE_CACHE_DIR above all", () => {
    expect(defaultCacheDir({}, "linux", "/home/ada")).toBe("/home/ada/.cache/codemode");
    expect(defaultCacheDir({ XDG_CACHE_HOME: "/var/cache/ada" }, "linux", "/home/ada")).toBe("/var/cache/ada/codemode");
    // A relative XDG_CACHE_HOME is invalid under the XDG spec and is ignored.
    expect(defaultCacheDir({ XDG_CACHE_HOME: "cache" }, "linux", "/home/ada")).toBe("/home/ada/.cache/codemode");
    expect(defaultCacheDir({}, "darwin", "/Users/ada")).toBe("/Users/ada/Library/Caches/codemode");
    expect(defaultCacheDir({ LOCALAPPDATA: "C:\\Users\\ada\\AppData\\Local" }, "win32", "C:\\Users\\ada")).toBe(
      path.join("C:\\Users\\ada\\AppData\\Local", "codemode", "Cache"),
    );
    expect(defaultCacheDir({ CODEMODE_CACHE_DIR: "/tmp/mine", XDG_CACHE_HOME: "/var/cache" }, "linux", "/home/ada")).toBe("/tmp/mine");
  });
});
