import { execFile, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { ExecutionResult } from "@codemode/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliCommand, EVERYTHING_SERVER, FAULT_SERVER, INSPECTOR, PACKAGE_DIR, freePort, startEverythingHttp, until } from "../__fixtures__/fixtures.js";

const run = promisify(execFile);
const TOKEN = "token-for-the-cli-e2e-01";
const folder = mkdtempSync(path.join(tmpdir(), "codemode-cli-"));
const file = (name: string, content: unknown) => {
  const target = path.join(folder, name);
  writeFileSync(target, typeof content === "string" ? content : JSON.stringify(content));
  return target;
};
const CONFIG = file("gateway.json", {
  mcpServers: {
    everything: { command: "node", args: [EVERYTHING_SERVER] },
    faulty: { command: "node", args: [FAULT_SERVER] },
  },
  auth: { bearer: [{ name: "e2e", token: TOKEN }] },
  poolSize: 1,
});
const CLI = cliCommand();

/** Runs the CLI to completion and returns its exit code and output. */
async function codemode(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const [command, ...rest] = CLI as [string, ...string[]];
  try {
    const { stdout, stderr } = await run(command, [...rest, ...args], { cwd: PACKAGE_DIR, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("runCli", () => {
  describe("exec", () => {
    it("runs one script against the upstreams, passing args, and prints the result as JSON with exit 0", async () => {
      const script = file("sum.ts", `const [a, b]: string[] = args; const r = await tools.everything["get-sum"]({ a: Number(a), b: Number(b) }); return { sum: r.data, args };`);
      const { code, stdout } = await codemode("exec", script, "--config", CONFIG, "--", "2", "40");
      const result = JSON.parse(stdout) as ExecutionResult;
      expect(result.status).toBe("completed");
      expect(JSON.stringify(result.result)).toContain("42");
      expect(result.result).toMatchObject({ args: ["2", "40"] });
      expect(code).toBe(0);
    });

    it("gives the script a files global inside --workspace DIR, and none elsewhere", async () => {
      const workspace = path.join(folder, "workspace");
      mkdirSync(workspace);
      const script = file("report.js", `const w = await files.write({ path: "out/report.txt", data: "x".repeat(100000) });
const escape = await files.read({ path: "../gateway.json" });
return { size: w.data.size, escape: escape.error.code };`);
      const { code, stdout } = await codemode("exec", script, "--workspace", workspace);
      expect(JSON.parse(stdout)).toMatchObject({ status: "completed", result: { size: 100000, escape: "invalid_arguments" } });
      expect(readFileSync(path.join(workspace, "out/report.txt"), "utf8")).toHaveLength(100000);
      expect(code).toBe(0);
      const without = await codemode("exec", file("typeof.js", "return typeof files;"));
      expect(JSON.parse(without.stdout)).toMatchObject({ result: "undefined" });
      const missing = await codemode("exec", script, "--workspace", path.join(folder, "nope"));
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain("is not an existing folder");
    });

    it("exits 1 when the script fails, still printing the result", async () => {
      const { code, stdout, stderr } = await codemode("exec", file("bad.js", "throw new Error('nope');"));
      expect(code, `${stdout}\n${stderr}`).toBe(1);
      expect(JSON.parse(stdout)).toMatchObject({ status: "failed", error: { message: expect.stringContaining("nope") } });
    });

    it("reports bad flags, a missing config and an invalid config clearly, with exit 2", async () => {
      const flag = await codemode("exec", "x.js", "--frobnicate");
      expect(flag.code).toBe(2);
      expect(flag.stderr).toContain("--frobnicate");
      const missing = await codemode("types", "--config", path.join(folder, "nope.json"));
      expect(missing.stderr).toContain("nope.json: file not found");
      const invalid = await codemode("types", "--config", file("invalid.json", { mcpServers: { docs: { url: "ftp://x" } } }));
      expect(invalid.code).toBe(2);
      expect(invalid.stderr).toContain("mcpServers.docs.url: must be an http(s) URL");
      expect((await codemode("launch")).stderr).toContain('unknown command "launch"');
    });

    it("refuses to serve a cluster whose Redis cannot be used, naming cluster.redisUrl, with exit 2", async () => {
      const port = await freePort();
      const config = file("cluster.json", { mcpServers: { faulty: { command: "node", args: [FAULT_SERVER] } }, cluster: { redisUrl: `redis://:secret-pw@127.0.0.1:${port}` } });
      const served = await codemode("serve", "--config", config, "--transport", "http", "--port", "0");
      expect(served.code).toBe(2);
      expect(served.stderr).toContain(`codemode: Invalid gateway config: cluster.redisUrl: cannot use Redis at redis://***@127.0.0.1:${port}`);
      expect(served.stderr).toContain("without cluster.secret a replica needs Redis to start");
      expect(served.stderr).not.toContain("secret-pw");
    });

    it("names an upstream whose command is not on PATH, and the key that fixes it, with exit 2", async () => {
      const config = file("broken.json", { mcpServers: { ghost: { command: "definitely-not-a-command-xyz" } } });
      const { code, stderr } = await codemode("types", "--config", config);
      expect(code).toBe(2);
      expect(stderr).toContain(
        'codemode: upstream ghost could not start: the command "definitely-not-a-command-xyz" was not found on PATH; install it, or write its full path in mcpServers.ghost.command',
      );
      expect(stderr).not.toContain("ENOENT");
    });

    it("goes on without an upstream that cannot start when others are up, naming it on stderr", async () => {
      const config = file("partly-broken.json", {
        mcpServers: { everything: { command: "node", args: [EVERYTHING_SERVER] }, ghost: { command: "definitely-not-a-command-xyz" } },
        poolSize: 1,
      });
      const { code, stdout, stderr } = await codemode("types", "--config", config);
      expect(code).toBe(0);
      expect(stdout).toContain("get-sum");
      expect(stderr).toContain("upstream ghost could not start");
    });
  });

  describe("check", () => {
    it("prints each fault of a script with its place and the nearest name, and exits 1 without running it", async () => {
      const script = file("faulty.js", `const sum = await tools.everything["get-sum"]({ a: "2", b: 40 });\nconst echoed = await tools.everything.echoo({ message: "hi" });\nreturn [sum, echoed];`);
      const { code, stdout } = await codemode("check", script, "--config", CONFIG);
      expect(stdout).toContain(`${script}:1:52: wrong_type: The argument \`a\` of \`tools.everything["get-sum"]\` must be \`number\`, not \`"2"\`.`);
      expect(stdout).toContain(`${script}:2:39: unknown_tool: There is no tool \`tools.everything.echoo\`; did you mean \`tools.everything.echo\`?`);
      expect(stdout).toContain("2 faults; the gateway would refuse to run it.");
      expect(code).toBe(1);
    });

    it("passes a clean TypeScript file with exit 0", async () => {
      const script = file("clean.ts", "```ts\nconst sum = await tools.everything[\"get-sum\"]({ a: 2, b: 40 });\nconst n: number = sum.ok ? Number(sum.data) : 0;\nreturn n;\n```");
      const { code, stdout } = await codemode("check", script, "--config", CONFIG);
      expect(stdout).toBe(`${script}: no faults; it may run.\n`);
      expect(code).toBe(0);
    });
  });

  describe("search and types", () => {
    it("prints matching tools as JSON", async () => {
      const { code, stdout } = await codemode("search", "sum of two numbers", "--config", CONFIG, "--limit", "2");
      expect(code).toBe(0);
      expect(JSON.parse(stdout).items[0].name).toBe("everything.get-sum");
    });

    it("prints the TypeScript declarations of every tool", async () => {
      const { code, stdout } = await codemode("types", "--config", CONFIG);
      expect(code).toBe(0);
      expect(stdout).toContain("get-sum");
      expect(stdout).toContain("echo");
    });

    it("prints help", async () => {
      const { code, stdout } = await codemode("--help");
      expect(code).toBe(0);
      expect(stdout).toContain("codemode serve --config FILE");
    });
  });

  describe("import", () => {
    it("prints the gateway config of a VS Code mcp.json, notes what it changed on stderr, and the config runs", async () => {
      const vscode = path.join(folder, "project", ".vscode");
      mkdirSync(vscode, { recursive: true });
      const source = path.join(vscode, "mcp.json");
      writeFileSync(
        source,
        `{
  // as VS Code writes it
  "inputs": [{ "type": "promptString", "id": "demo-key", "description": "Demo key", "password": true }],
  "servers": {
    "everything": { "type": "stdio", "command": "node", "args": [${JSON.stringify(EVERYTHING_SERVER)}], "env": { "DEMO": "\${input:demo-key}" }, "dev": { "watch": "*.js" } },
  },
}`,
      );
      const imported = await codemode("import", source);
      expect(imported.code).toBe(0);
      expect(JSON.parse(imported.stdout)).toEqual({
        mcpServers: { everything: { type: "stdio", command: "node", args: [EVERYTHING_SERVER], env: { DEMO: "${env:DEMO_KEY}" } } },
      });
      expect(imported.stderr).toContain("codemode import: servers.everything.dev: left out");
      expect(imported.stderr).toContain("codemode import: ${input:demo-key} (Demo key): now ${env:DEMO_KEY}; set DEMO_KEY in the gateway's environment");
      const config = file("imported.json", imported.stdout);
      const script = file("imported-sum.js", `return (await tools.everything["get-sum"]({ a: 1, b: 2 })).data;`);
      const [command, ...rest] = CLI as [string, ...string[]];
      const { stdout } = await run(command, [...rest, "exec", script, "--config", config], { cwd: PACKAGE_DIR, env: { ...process.env, DEMO_KEY: "k" } });
      expect(JSON.stringify((JSON.parse(stdout) as ExecutionResult).result)).toContain("3");
    });

    it("refuses a file that holds no MCP servers, with exit 2", async () => {
      const { code, stderr } = await codemode("import", file("settings.json", { "editor.fontSize": 14 }));
      expect(code).toBe(2);
      expect(stderr).toContain("no MCP servers found");
    });
  });

  describe("serve", () => {
    it("serves execute and search over real stdio to the SDK's client", async () => {
      const [command, ...args] = CLI as [string, ...string[]];
      const client = new Client({ name: "stdio-e2e", version: "1.0.0" });
      await client.connect(new StdioClientTransport({ command, args: [...args, "serve", "--config", CONFIG], cwd: PACKAGE_DIR, stderr: "ignore" }));
      try {
        expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["execute", "search"]);
        const answer = await client.callTool({ name: "execute", arguments: { code: `return (await tools.everything.echo({ message: "over stdio" })).data;` } });
        expect(JSON.stringify((answer.structuredContent as unknown as ExecutionResult).result)).toContain("over stdio");
      } finally {
        await client.close();
      }
    });

    describe("over HTTP", () => {
      let url: string;
      let stop: () => void;
      let everything: { kill: () => void } | undefined;

      beforeAll(async () => {
        const [port, upstreamPort] = [await freePort(), await freePort()];
        // An HTTP upstream that is down when the gateway starts: its tools must appear once it is up.
        const config = file("http.json", {
          mcpServers: { remote: { url: `http://127.0.0.1:${upstreamPort}/mcp` }, faulty: { command: "node", args: [FAULT_SERVER] } },
          auth: { bearer: [{ name: "e2e", token: TOKEN }] },
          poolSize: 1,
        });
        const [command, ...args] = CLI as [string, ...string[]];
        const child = spawn(command, [...args, "serve", "--config", config, "--transport", "http", "--port", String(port)], {
          cwd: PACKAGE_DIR,
          stdio: ["ignore", "ignore", "pipe"],
        });
        stop = () => child.kill("SIGTERM");
        let stderr = "";
        child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
        url = await until(() => /listening on (\S+)/.exec(stderr)?.[1] ?? "", 30_000);
        // Upstreams start in the background: the gateway listens before it knows that one is down.
        await until(() => stderr.includes(`upstream remote at http://127.0.0.1:${upstreamPort}/mcp is down`), 30_000);
        everything = await startEverythingHttp(upstreamPort);
      });

      afterAll(() => {
        stop?.();
        everything?.kill();
      });

      // The inspector keeps its state in MCP_STORAGE_DIR (else ~/.mcp-inspector): the test's own folder.
      const inspector = (...args: string[]) =>
        run(process.execPath, [INSPECTOR, "--cli", url, "--transport", "http", "--header", `Authorization: Bearer ${TOKEN}`, ...args], {
          timeout: 30_000,
          env: { ...process.env, MCP_STORAGE_DIR: path.join(folder, "inspector") },
        });

      it("lists and calls the gateway's tools from the MCP Inspector's command line", async () => {
        const listed = JSON.parse((await inspector("--method", "tools/list")).stdout) as { tools: { name: string }[] };
        expect(listed.tools.map((tool) => tool.name)).toEqual(["execute", "search"]);
        const code = `return (await tools.faulty.echo({ text: "from the inspector" })).data;`;
        const called = JSON.parse((await inspector("--method", "tools/call", "--tool-name", "execute", "--tool-arg", `code=${code}`)).stdout);
        expect(called.structuredContent).toMatchObject({ status: "completed", result: "echo: from the inspector" });
      }, 60_000);

      it("picks up an HTTP upstream that came up after the gateway started", async () => {
        const code = `return (await tools.remote.echo({ message: "late" })).data;`;
        const result = await until(async () => {
          const called = JSON.parse((await inspector("--method", "tools/call", "--tool-name", "execute", "--tool-arg", `code=${code}`)).stdout);
          // Until the gateway has reconnected, the call is not_found: the script completes with null.
          return called.structuredContent?.result === null ? undefined : called.structuredContent;
        }, 40_000);
        expect(result.status).toBe("completed");
        expect(JSON.stringify(result.result)).toContain("late");
      }, 90_000);

      it("answers 401 without the token", async () => {
        const response = await fetch(url, { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
        expect(response.status).toBe(401);
      });
    });
  });
});
