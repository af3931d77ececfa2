import { describe, expect, it } from "vitest";
import { splitWorkspacePath } from "./split-workspace-path.js";

describe("splitWorkspacePath", () => {
  it("drops . and empty segments and refuses ..", () => {
    expect(splitWorkspacePath("./a//b/")).toEqual(["a", "b"]);
    expect(splitWorkspacePath("")).toEqual([]);
    expect(() => splitWorkspacePath("a/..")).toThrow(/\.\./);
    expect(() => splitWorkspacePath("/etc/passwd")).toThrow(/relative/);
  });
});
