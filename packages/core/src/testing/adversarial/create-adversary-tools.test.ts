import { describe, expect, it } from "vitest";
import { ADVERSARY_NAMESPACE, CATASTROPHIC_PATTERN, createAdversaryTools } from "./create-adversary-tools.js";

describe("createAdversaryTools", () => {
  it("gives echo, fail and match, answering like the fault server's tools of the same names", async () => {
    const tools = createAdversaryTools();
    expect(tools.map((tool) => tool.name)).toEqual(["echo", "fail", "match"].map((name) => `${ADVERSARY_NAMESPACE}.${name}`));
    const [echo, fail, match] = tools;
    const context = { signal: new AbortController().signal, callId: "call_1", context: undefined };
    expect(await echo!.execute({ text: "hi" }, context)).toBe("echo: hi");
    expect(await echo!.execute({}, context)).toBe("echo: undefined");
    await expect(fail!.execute({ bytes: 5 }, context)).rejects.toThrow(/^eeeee$/);
    expect(await match!.execute({ text: "aaa" }, context)).toBe("matched");
    expect(match!.inputSchema).toMatchObject({ properties: { text: { pattern: CATASTROPHIC_PATTERN } } });
  });
});
