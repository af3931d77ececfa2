// The hostile benchmark's upstream, over stdio: the adversarial suite's tools (createAdversaryTools), answering as the
// engine's own copies do, so every case runs the same through the gateway.
import { Server } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { createAdversaryTools } from "@codemode/core/testing";

const tools = createAdversaryTools().map((tool) => ({ ...tool, name: tool.name.slice(tool.name.indexOf(".") + 1) }));

function createAdversaryServer(): Server {
  const server = new Server({ name: "adversary", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler("tools/list", () => ({
    tools: tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema: inputSchema as { type: "object" } })),
  }));
  server.setRequestHandler("tools/call", async (request) => {
    const tool = tools.find((candidate) => candidate.name === request.params.name);
    if (!tool) return { content: [{ type: "text", text: `Unknown tool ${request.params.name}` }], isError: true };
    try {
      const data = await tool.execute(request.params.arguments ?? {}, { signal: new AbortController().signal, callId: "bench", context: undefined });
      return { content: [{ type: "text", text: String(data) }] };
    } catch (error) {
      return { content: [{ type: "text", text: (error as Error).message }], isError: true };
    }
  });
  return server;
}

serveStdio(createAdversaryServer);
