import { describe, expect, it } from "vitest";
import { ADVERSARY_NAMESPACE, createAdversaryTools } from "./create-adversary-tools.js";

describe("createAdversaryTools", () => {
  it("gives one echo tool that answers like the fault server's", async () => {
    const [echo, ...rest] = createAdversaryTools();
    expect(rest).toEqual([]);
    expect(echo?.name).toBe(`${ADVERSARY_NAMESPACE}.echo`);
    const context = { signal: new AbortController().signal, callId: "call_1", context: undefined };
    expect(await echo!.execute({ text: "hi" }, context)).toBe("echo: hi");
    expect(await echo!.execute({}, context)).toBe("echo: undefined");
  });
});
