// A hand-written stdio MCP server that misbehaves on request, for the gateway's fault tests.
// No SDK on purpose: it must be able to send what the SDK would refuse to send.
import { appendFileSync, existsSync } from "node:fs";
import { createInterface } from "node:readline";

if (process.env.FAULT_DOWN_WHILE && existsSync(process.env.FAULT_DOWN_WHILE)) {
  process.stderr.write("fault-server: refusing to start\n");
  process.exit(3);
}
// One line per start, for tests that count how often the gateway started this server.
if (process.env.STARTS_FILE) appendFileSync(process.env.STARTS_FILE, `${process.pid}\n`);
// A server that takes this long before it reads its first message, as a cold `npx -y` does.
if (process.env.FAULT_START_DELAY_MS) await new Promise((resolve) => setTimeout(resolve, Number(process.env.FAULT_START_DELAY_MS)));
if (process.env.READY_FILE) appendFileSync(process.env.READY_FILE, `${process.pid}\n`);
let initialized = false;

const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\n");
const text = (value) => ({ content: [{ type: "text", text: typeof value === "string" ? value : JSON.stringify(value) }] });
const schema = (properties = {}) => ({ type: "object", properties });

const tools = [
  { name: "echo", description: "Echo the text back.", inputSchema: schema({ text: { type: "string" } }) },
  { name: "crash", description: "Exit the process in the middle of the call.", inputSchema: schema() },
  { name: "hang", description: "Never answer.", inputSchema: schema() },
  { name: "malformed", description: "Answer with a result that is not a CallToolResult.", inputSchema: schema() },
  { name: "huge", description: "Answer with `mb` MiB of text.", inputSchema: schema({ mb: { type: "number" } }) },
  { name: "deep", description: "Answer with structuredContent nested `depth` arrays deep.", inputSchema: schema({ depth: { type: "number" } }) },
  { name: "disconnect", description: "Close stdout in the middle of the call, then exit.", inputSchema: schema() },
  { name: "add_tool", description: "Add a tool and announce the change.", inputSchema: schema({ name: { type: "string" } }) },
  { name: "remove_tool", description: "Remove a tool and announce the change.", inputSchema: schema({ name: { type: "string" } }) },
  { name: "fail", description: "Answer with isError (a message of `bytes` characters when given).", inputSchema: schema({ bytes: { type: "number" } }) },
  // The adversarial suite's: a backtracking engine takes exponential time on a near miss of this pattern.
  { name: "match", description: "Answer whether the text is made of a letters.", inputSchema: schema({ text: { type: "string", pattern: "^(a+)+$" } }) },
  { name: "slow", description: "Answer after `ms` milliseconds.", inputSchema: schema({ ms: { type: "number" } }) },
  { name: "cancelled_count", description: "How many requests the client cancelled.", inputSchema: schema() },
  { name: "hanging_count", description: "How many hang calls are waiting, not cancelled.", inputSchema: schema() },
  {
    name: "binary",
    description: "A file as base64, marked binary by the outputSchema.",
    inputSchema: schema(),
    outputSchema: schema({ name: { type: "string" }, file: { type: "string", contentEncoding: "base64" } }),
  },
  { name: "dotted.name/with space", description: "A tool whose name needs sanitising.", inputSchema: schema() },
  { name: "garbage", description: "Write a line that is not JSON, then answer normally.", inputSchema: schema({ text: { type: "string" } }) },
  { name: "rpc_error", description: "Answer with a JSON-RPC internal error.", inputSchema: schema() },
  { name: "late", description: "Answer after `ms` milliseconds even if the call was cancelled.", inputSchema: schema({ ms: { type: "number" } }) },
  {
    name: "bad_structure",
    description: "Answer with structuredContent that breaks its own outputSchema.",
    inputSchema: schema(),
    outputSchema: { ...schema({ total: { type: "number" } }), required: ["total"] },
  },
];
const PAGE = 3;
const cancelled = new Set();
const hanging = new Set();

const input = createInterface({ input: process.stdin });
// The gateway closing stdin means it is done with us; hung calls must not keep the process alive.
input.on("close", () => process.exit(0));
input.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.method === "notifications/cancelled") {
    cancelled.add(message.params.requestId);
    hanging.delete(message.params.requestId);
  }
  if (message.id === undefined) return;
  const reply = (result) => send({ id: message.id, result });
  // Some 2025-era servers exit on any request before `initialize`, the 2026 era probe included.
  if (process.env.FAULT_EXIT_BEFORE_INITIALIZE && !initialized && message.method !== "initialize") process.exit(4);
  switch (message.method) {
    case "initialize":
      initialized = true;
      return reply({
        protocolVersion: message.params.protocolVersion,
        capabilities: { tools: { listChanged: true } },
        serverInfo: { name: "fault-server", version: "1.0.0" },
      });
    case "ping":
      return reply({});
    case "tools/list": {
      const offset = Number(message.params?.cursor ?? 0);
      const page = tools.slice(offset, offset + PAGE);
      return reply({ tools: page, ...(offset + PAGE < tools.length ? { nextCursor: String(offset + PAGE) } : {}) });
    }
    case "tools/call":
      return call(message.params.name, message.params.arguments ?? {}, reply, message.id);
    default:
      return send({ id: message.id, error: { code: -32601, message: `Method not found: ${message.method}` } });
  }
});

function call(name, args, reply, id) {
  switch (name) {
    case "echo":
      return reply(text(`echo: ${args.text}`));
    case "crash":
      return setTimeout(() => process.exit(1), 20);
    case "hang":
      hanging.add(id);
      return;
    case "malformed":
      return reply({ content: "this should be an array" });
    case "huge":
      return reply(text("x".repeat(Math.round(args.mb * 1024 * 1024))));
    case "deep": {
      // Written by hand: JSON.stringify itself cannot write what the gateway must survive reading.
      const nested = "[".repeat(args.depth) + "]".repeat(args.depth);
      return process.stdout.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":"deep"}],"structuredContent":{"deep":${nested}}}}\n`);
    }
    case "disconnect":
      process.stdout.end();
      return setTimeout(() => process.exit(0), 50);
    case "add_tool":
      tools.push({ name: args.name, description: `Added at run time: ${args.name}.`, inputSchema: schema() });
      reply(text("added"));
      return send({ method: "notifications/tools/list_changed" });
    case "remove_tool": {
      const index = tools.findIndex((tool) => tool.name === args.name);
      if (index >= 0) tools.splice(index, 1);
      reply(text("removed"));
      return send({ method: "notifications/tools/list_changed" });
    }
    case "garbage":
      process.stdout.write("this line is not JSON-RPC\n");
      return reply(text(`echo: ${args.text}`));
    case "late":
      return setTimeout(() => reply(text(`late by ${args.ms}`)), args.ms);
    case "rpc_error":
      return send({ id, error: { code: -32603, message: "The ledger database is locked." } });
    case "bad_structure":
      return reply({ ...text("lots"), structuredContent: { total: "lots" } });
    case "fail":
      return reply({ ...text(args.bytes ? "e".repeat(args.bytes) : "The invoice store is read-only today."), isError: true });
    case "match":
      return reply(text("matched"));
    case "slow":
      return setTimeout(() => (cancelled.has(id) ? undefined : reply(text(`slept ${args.ms}`))), args.ms);
    case "hanging_count":
      return reply({ ...text(String(hanging.size)), structuredContent: { result: hanging.size } });
    case "cancelled_count":
      return reply({ ...text(String(cancelled.size)), structuredContent: { result: cancelled.size } });
    case "binary": {
      const structuredContent = { name: "hello.bin", file: Buffer.from([1, 2, 3, 250]).toString("base64") };
      return reply({ ...text(JSON.stringify(structuredContent)), structuredContent });
    }
    default:
      if (tools.some((tool) => tool.name === name)) return reply({ ...text(`called ${name}`), structuredContent: { result: name } });
      return reply({ ...text(`Unknown tool ${name}`), isError: true });
  }
}
