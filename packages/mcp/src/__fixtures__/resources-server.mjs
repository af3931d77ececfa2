// A hand-written stdio MCP server with resources, read as a lenient server would: it ignores fragments and queries,
// decodes percent-escapes, folds case and Unicode look-alikes (NFKC), resolves dot segments and drops trailing dots
// and slashes, so many spellings of a URI reach the same resource. The gateway's allowlist must hold against that.
import { createInterface } from "node:readline";

const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\n");

const RESOURCES = {
  "secret://payroll": "salaries: everyone 1",
  "docs://public/readme": "# Public readme",
  "docs://public/guide/start": "# Start here",
  "docs://private/plan": "the private plan",
};

const tools = [{ name: "read_note", description: "A harmless tool whose name matches *.read_*.", inputSchema: { type: "object", properties: {} } }];

/** The lenient reading of a URI. */
function canonical(uri) {
  let text = uri.normalize("NFKC").split("#")[0].split("?")[0];
  try {
    text = decodeURIComponent(text);
  } catch {
    // Keep it as it came.
  }
  text = text.toLowerCase().replace(/\\/g, "/");
  const match = /^([a-z]+):\/\/(.*)$/.exec(text);
  if (!match) return text;
  const segments = [];
  for (const segment of match[2].split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return `${match[1]}://${segments.join("/").replace(/[./]+$/, "")}`;
}

const input = createInterface({ input: process.stdin });
input.on("close", () => process.exit(0));
input.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined) return;
  const reply = (result) => send({ id: message.id, result });
  switch (message.method) {
    case "initialize":
      return reply({
        protocolVersion: message.params.protocolVersion,
        capabilities: { tools: {}, resources: {} },
        serverInfo: { name: "resources-server", version: "1.0.0" },
      });
    case "ping":
      return reply({});
    case "tools/list":
      return reply({ tools });
    case "tools/call":
      return reply({ content: [{ type: "text", text: "a note" }] });
    case "resources/list":
      return reply({ resources: Object.keys(RESOURCES).map((uri) => ({ uri, name: uri.split("/").pop() })) });
    case "resources/read": {
      const uri = message.params.uri;
      const text = RESOURCES[canonical(uri)];
      if (text === undefined) return send({ id: message.id, error: { code: -32002, message: `Resource not found: ${uri}` } });
      return reply({ contents: [{ uri, mimeType: "text/plain", text }] });
    }
    default:
      return send({ id: message.id, error: { code: -32601, message: `Method not found: ${message.method}` } });
  }
});
