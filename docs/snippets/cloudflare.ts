// The names packages/cloudflare/README.md leaves to the reader: a TanStack AI server tool.
import { toolDefinition } from "@tanstack/ai";
import { z } from "zod";

// The run fails unless the script reached the tool through the executor.
const asked: string[] = [];
process.on("exit", () => {
  if (asked.join() !== "Lisbon") (console.error(`get_weather saw ${JSON.stringify(asked)}`), (process.exitCode = 1));
});

export const getWeather = toolDefinition({ name: "get_weather", description: "The forecast for a city.", inputSchema: z.object({ city: z.string() }) }).server(
  async ({ city }) => (asked.push(city), { city, forecast: "sunny" }),
);
