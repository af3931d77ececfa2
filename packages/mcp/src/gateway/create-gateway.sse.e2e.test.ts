// Legacy HTTP+SSE upstreams through the whole gateway: a real SSE server built with SDK 1.32's SSEServerTransport
// (src/__fixtures__/sse-server.mjs), reached by "type": "sse" and by a url with no type, which must find SSE by the
// spec's backwards-compatibility rule, with the same timeouts, size cap, faults and reconnects as Streamable HTTP.
import type { ChildProcess } from "node:child_process";
import type { CallEnvelope, ExecutionResult } from "@codemode/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startSseServer, until } from "../__fixtures__/fixtures.js";
import { parseGatewayConfig } from "../config/index.js";
import { createGateway, type Gateway } from "./index.js";

const CALL_TIMEOUT_MS = 2000;
const IMAGE = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==";
let port: number;
let server: ChildProcess | undefined;
let gateway: Gateway;

const execute = (code: string): Promise<ExecutionResult> => gateway.codeMode.execute(code);
async function call(tool: string, args: object = {}): Promise<CallEnvelope> {
  const result = await execute(`return await tools.${tool}(${JSON.stringify(args)});`);
  expect(result.status).toBe("completed");
  return result.result as unknown as CallEnvelope;
}
const errorOf = (envelope: CallEnvelope) => (envelope.ok ? { code: "ok", message: JSON.stringify(envelope.data) } : envelope.error);
const backUp = (tool: string) => until(async () => (await call(tool, { text: "back" })).ok, 20_000);

beforeAll(async () => {
  port = await freePort();
  server = await startSseServer(port);
  const url = `http://127.0.0.1:${port}/sse`;
  const limits = { timeoutMs: CALL_TIMEOUT_MS, maxResponseBytes: 1024 * 1024 };
  const config = parseGatewayConfig(
    {
      mcpServers: {
        legacy: { type: "SSE", url, headers: { Authorization: "Bearer ${SSE_TOKEN}" }, ...limits },
        found: { url, ...limits },
        strict: { type: "http", url },
        // Neither transport is served here: the error names both refusals.
        nowhere: { url: `http://127.0.0.1:${port}/nowhere` },
      },
      poolSize: 1,
    },
    { env: { SSE_TOKEN: "sse-secret" } },
  );
  gateway = createGateway(config, { log: () => undefined });
  await gateway.start();
});

afterAll(async () => {
  await gateway?.close();
  server?.kill();
});

describe("createGateway with legacy HTTP+SSE upstreams", () => {
  it('reaches an SSE server with "type": "sse" and with a url alone, and not as Streamable HTTP only', () => {
    const states = Object.fromEntries(gateway.upstreams().map(({ id, status, error }) => [id, { status, error }]));
    expect(states.legacy).toEqual({ status: "connected", error: undefined });
    expect(states.found).toEqual({ status: "connected", error: undefined });
    expect(states.strict?.status).not.toBe("connected");
    expect(states.strict?.error).toContain("Method Not Allowed");
    expect(states.nowhere?.status).not.toBe("connected");
    expect(states.nowhere?.error).toMatch(/Error POSTing to endpoint: Not Found; the legacy HTTP\+SSE transport failed too: .*404/);
  });

  it("calls tools over SSE, with the entry's headers on the stream", async () => {
    expect(await call("legacy.echo", { text: "hi" })).toMatchObject({ ok: true, data: "echo: hi" });
    expect(await call("found.echo", { text: "there" })).toMatchObject({ ok: true, data: "echo: there" });
    expect(errorOf(await call("legacy.whoami"))).toMatchObject({ code: "ok", message: JSON.stringify("Bearer sse-secret") });
    expect(await call("found.whoami")).toMatchObject({ ok: true, data: "none" });
  });

  it("passes an image's bytes on to a script that asks for the content", async () => {
    const result = await execute(`const r = await tools.found.image({}, { content: true }); return Array.from(r.meta.content[0].data);`);
    expect(result.result).toEqual([...Buffer.from(IMAGE, "base64")]);
  });

  it.each([
    ["legacy", "hang", {}, "timeout", `Upstream call legacy.hang got no answer within ${CALL_TIMEOUT_MS} ms.`],
    ["found", "fail", {}, "tool_error", "The invoice store is read-only today."],
    ["legacy", "huge", { mb: 2 }, "limit_exceeded", "Upstream legacy.huge answered with more than the 1048576-byte limit; limits.maxResponseBytes (or mcpServers.legacy.maxResponseBytes) raises it."],
    ["found", "huge", { mb: 2 }, "limit_exceeded", "Upstream found.huge answered with more than the 1048576-byte limit; limits.maxResponseBytes (or mcpServers.found.maxResponseBytes) raises it."],
  ])("reports %s.%s as %s, and the upstream answers again", async (id, tool, args, code, message) => {
    const error = errorOf(await call(`${id}.${tool}`, args));
    expect(error).toMatchObject({ code });
    expect(error.message).toContain(message);
    await backUp(`${id}.echo`);
  });

  it("passes a slow answer that beats the timeout", async () => {
    expect(await call("legacy.slow", { ms: 300 })).toMatchObject({ ok: true, data: "slept 300" });
  });

  it("fails the calls in flight at once when the server crashes, and reconnects both once it is back", async () => {
    const result = await execute(`
      const [crash, waiting] = await Promise.all([tools.legacy.crash({}), tools.found.slow({ ms: 60000 })]);
      return [crash.ok || crash.error.code, waiting.ok || waiting.error.code];
    `);
    // Not "timeout": the broken stream failed both calls, the one on the other connection too, before their clock ran out.
    expect(result.result).toEqual(["unavailable", "unavailable"]);
    await until(() => server?.exitCode !== null);
    expect(errorOf(await call("found.echo", { text: "anyone?" }))).toMatchObject({ code: "unavailable", retryable: true });
    server = await startSseServer(port);
    await backUp("legacy.echo");
    await backUp("found.echo");
  });
});
