import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExecutionResult } from "@codemode/core";

const BUN = createRequire(import.meta.url).resolve("bun/bin/bun.exe");
let server: ChildProcess;
let url: string;

const execute = async (code: string): Promise<ExecutionResult> => {
  const response = await fetch(`${url}execute`, { method: "POST", body: JSON.stringify({ code }) });
  return (await response.json()) as ExecutionResult;
};

describe("the Bun server", () => {
  beforeAll(async () => {
    // Port 0: Bun takes a free port and the server prints its address.
    server = spawn(BUN, [fileURLToPath(new URL("./server.ts", import.meta.url))], { env: { ...process.env, PORT: "0" }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    url = await new Promise<string>((resolve, reject) => {
      server.stdout!.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const found = /listening on (\S+)/.exec(output);
        if (found) resolve(found[1]!);
      });
      server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
      server.once("exit", (code) => reject(new Error(`bun exited with ${code}: ${output}`)));
    });
  }, 30_000);
  afterAll(() => void server?.kill());

  it("runs a script on Bun that calls a tool in a loop and returns only the answer", async () => {
    const result = await execute(`let total = 0;
for (const fruit of ["apples", "pears", "plums"]) total += (await tools.store.stock({ fruit })).data;
return total;`);
    expect(result).toMatchObject({ status: "completed", result: 19 });
    expect(result.toolCalls).toHaveLength(3);
  });

  it("stops a runaway script at its deadline and serves the next one", async () => {
    const looped = await execute("while (true) {}");
    expect(looped.error).toMatchObject({ kind: "TimeoutExceeded" });
    expect(await execute("const n: number = 2;\nreturn n + 1;")).toMatchObject({ status: "completed", result: 3 });
  });
});
