import { describe, expect, it } from "vitest";
import { nearestName } from "./nearest-name.js";

describe("nearestName", () => {
  const limits = ["timeoutMs", "memoryBytes", "maxOutputBytes", "maxHostCalls", "maxToolResultBytes"];

  it("finds the same name in another case first", () => {
    expect(nearestName("timeoutMS", limits)).toBe("timeoutMs");
    expect(nearestName("MAXHOSTCALLS", limits)).toBe("maxHostCalls");
  });

  it("finds a name one or two edits away, swapped letters included", () => {
    expect(nearestName("mcpServer", ["mcpServers", "limits", "tools"])).toBe("mcpServers");
    expect(nearestName("memroyBytes", limits)).toBe("memoryBytes");
    expect(nearestName("maxOutputByte", limits)).toBe("maxOutputBytes");
  });

  it("suggests nothing for a name that is not close to any", () => {
    expect(nearestName("colour", limits)).toBeUndefined();
    expect(nearestName("", limits)).toBeUndefined();
  });
});
