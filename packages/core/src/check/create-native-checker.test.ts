import { afterAll, describe, expect, it } from "vitest";
import { CodeModeError } from "../errors/index.js";
import { createNativeChecker } from "./create-native-checker.js";

const checker = createNativeChecker();
afterAll(() => checker.close());

const DECLARATIONS = `type Envelope<T> = { ok: true; data: T } | { ok: false; error: { message: string } };
declare const tools: { crm: { get_customer(args: { id: string }): Promise<Envelope<{ id: string; name: string }>> } };`;
const wrap = (body: string) => `async function script() {\n${body}\n}`;

describe("createNativeChecker", () => {
  it("finds what the declarations rule out, as offsets into the script, and nothing in a correct one", async () => {
    const script = wrap(`const c = await tools.crm.get_customer({ id: 7 });\nif (!c.ok) return;\nreturn c.data.nmae;`);
    const faults = await checker.check({ script, declarations: DECLARATIONS });
    expect(faults.map((fault) => [fault.kind, script.slice(fault.start, fault.end)])).toEqual([
      ["wrong_type", "7"],
      ["unknown_field", "nmae"],
    ]);
    expect(await checker.check({ script: wrap(`return (await tools.crm.get_customer({ id: "a" })).ok;`), declarations: DECLARATIONS })).toEqual([]);
  });

  it("runs checks one at a time, each against its own files", async () => {
    const bodies = [`return tools.crm.get_customr({ id: "a" });`, `return tools.crm.get_customer({ id: "a" });`, `return tools.crm.get_customer();`];
    const faults = await Promise.all(bodies.map((body) => checker.check({ script: wrap(body), declarations: DECLARATIONS })));
    expect(faults.map((found) => found.map((fault) => fault.kind))).toEqual([["unknown_tool"], [], ["missing_argument"]]);
  });

  it("fails with CHECK_UNAVAILABLE, naming the package and the fix, when the compiler cannot start, and tries again next time", async () => {
    const broken = createNativeChecker({ executable: "/nonexistent/tsgo" });
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        const error = await broken.check({ script: wrap("return 1;"), declarations: DECLARATIONS }).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(CodeModeError);
        expect(error).toMatchObject({ code: "CHECK_UNAVAILABLE", message: expect.stringContaining("typescript-go (npm:typescript@7.0.2)") });
        expect((error as Error).message).toContain('check: "off"');
      }
    } finally {
      await broken.close();
    }
  });
});
