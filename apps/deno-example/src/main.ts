// A Deno script that lets a model-written script answer a question over two tools, with no permission flag when
// @codemode/core is installed from npm: `deno run src/main.ts`. The core runs its engines in worker threads and
// loads its WebAssembly through Deno's own module loader; without the script check's three flags (README) scripts run
// unchecked. (In this workspace the package is a link outside node_modules, so the test grants read access to its
// dist folder.)
import { createCodeMode, defineTool } from "@codemode/core";

const FLIGHTS = [
  { id: "LX-318", from: "ZRH", to: "LHR", minutes: 105, price: 240 },
  { id: "BA-711", from: "ZRH", to: "LHR", minutes: 100, price: 310 },
  { id: "LX-324", from: "ZRH", to: "LHR", minutes: 110, price: 180 },
];

const codeMode = createCodeMode({
  tools: [
    defineTool({
      name: "travel.search_flights",
      description: "Flights between two airports.",
      inputSchema: { type: "object", properties: { from: { type: "string" }, to: { type: "string" } }, required: ["from", "to"] },
      execute: async ({ from, to }: { from: string; to: string }) => FLIGHTS.filter((flight) => flight.from === from && flight.to === to),
    }),
    defineTool({
      name: "travel.seats_left",
      description: "Seats left on a flight.",
      inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
      execute: async ({ id }: { id: string }) => (id === "LX-324" ? 0 : 9),
    }),
  ],
  // Long enough for a loaded machine's cold start; the runaway script below is stopped at this deadline.
  limits: { timeoutMs: 10_000 },
});

// What the model writes: the cheapest flight that still has seats, in TypeScript.
const result = await codeMode.execute(`
type Flight = { id: string; price: number };
const found = await tools.travel.search_flights({ from: "ZRH", to: "LHR" });
const flights: Flight[] = [...found.data].sort((a, b) => a.price - b.price);
for (const flight of flights) {
  const seats = await tools.travel.seats_left({ id: flight.id });
  if (seats.data > 0) return flight.id;
}
return null;`);
const runaway = await codeMode.execute("while (true) {}");
console.log(JSON.stringify({ answer: result.result, status: result.status, calls: result.toolCalls.length, runaway: runaway.error?.kind }));
await codeMode.close();
