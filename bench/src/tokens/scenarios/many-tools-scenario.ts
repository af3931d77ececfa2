import { tool } from "ai";
import { z } from "zod";
import { lastExecuteResult, lastToolResult, readToolResults, type ModelPrompt } from "../read-prompt.js";
import type { ModelAction, TokenScenario } from "../token-scenario.js";
import { createManyTools } from "./many-tools-catalog.js";
import { seededRandom } from "../../stats/seeded-random.js";

interface City {
  id: string;
  name: string;
  country: string;
  population: number;
}
interface Forecast {
  cityId: string;
  days: { date: string; high: number; low: number; conditions: string }[];
}

const CITIES: City[] = [
  { id: "city_2267057", name: "Lisbon", country: "PT", population: 545_000 },
  { id: "city_5200000", name: "Lisbon", country: "US", population: 9_000 },
  { id: "city_2988507", name: "Paris", country: "FR", population: 2_100_000 },
];

function forecastOf(cityId: string, days: number): Forecast {
  const random = seededRandom(Number(cityId.slice("city_".length)));
  return {
    cityId,
    days: Array.from({ length: days }, (_, index) => {
      const low = 8 + Math.floor(random() * 8);
      return { date: `2026-12-0${index + 1}`, high: low + 3 + Math.floor(random() * 8), low, conditions: random() < 0.5 ? "rain" : "sun" };
    }),
  };
}

const maxHigh = (forecast: Forecast) => Math.max(...forecast.days.map((day) => day.high));

const { tools: TOOLS, namespace: NAMESPACE } = createManyTools({
  geo_find_city: {
    namespace: "geo",
    tool: tool({
      description: "Find cities by name; returns id, name, country and population of each match, largest first.",
      inputSchema: z.object({ name: z.string() }),
      execute: async ({ name }) => ({ cities: CITIES.filter((city) => city.name === name) }),
    }),
  },
  weather_get_forecast: {
    namespace: "weather",
    tool: tool({
      description: "Daily weather forecast for a city: high and low temperature in degrees Celsius and conditions.",
      inputSchema: z.object({ cityId: z.string(), days: z.number().int().min(1).max(14) }),
      execute: async ({ cityId, days }) => forecastOf(cityId, days),
    }),
  },
});

const SEARCH_SCRIPT = `const queries = ["find a city by name", "weather forecast for a city"];
const pages = await Promise.all(queries.map((query) => catalog.search({ query, limit: 3 })));
return pages.map((page) => (page.ok ? page.data.items.map(({ path, signature }) => ({ path, signature })) : page.error));`;

const callScript = (cityPath: string, forecastPath: string) => `const found = await ${cityPath}({ name: "Lisbon" });
if (!found.ok || found.data.cities.length === 0) return { error: "no city" };
const city = found.data.cities[0];
const forecast = await ${forecastPath}({ cityId: city.id, days: 3 });
if (!forecast.ok) return { error: forecast.error.message };
return { city: city.name, country: city.country, maxHigh: Math.max(...forecast.data.days.map((day) => day.high)) };`;

// Searches, then calls the best match of each search as it read them in the result, then answers.
function codeMode(prompt: ModelPrompt): ModelAction {
  const runs = readToolResults(prompt).length;
  if (runs === 0) return { tool: "execute", input: { code: SEARCH_SCRIPT } };
  if (runs === 1) {
    const [cities, forecasts] = lastExecuteResult(prompt) as { path: string }[][];
    return { tool: "execute", input: { code: callScript(cities![0]!.path, forecasts![0]!.path) } };
  }
  return { text: JSON.stringify(lastExecuteResult(prompt)) };
}

function direct(prompt: ModelPrompt): ModelAction {
  const last = lastToolResult(prompt);
  if (last === undefined) return { tool: "geo_find_city", input: { name: "Lisbon" } };
  if (last.toolName === "geo_find_city") {
    const city = (last.output as { cities: City[] }).cities[0]!;
    return { tool: "weather_get_forecast", input: { cityId: city.id, days: 3 } };
  }
  const city = (readToolResults(prompt)[0]!.output as { cities: City[] }).cities[0]!;
  return { text: JSON.stringify({ city: city.name, country: city.country, maxHigh: maxHigh(last.output as Forecast) }) };
}

/** 1,000 tools across 40 namespaces, of which the task needs two. */
export const manyToolsScenario: TokenScenario = {
  name: "3. many tools: 1,000 tools, 40 namespaces, 2 needed",
  task: 'What is the highest temperature forecast in Lisbon over the next 3 days? Reply as JSON: {"city", "country", "maxHigh"}.',
  namespace: NAMESPACE,
  expected: JSON.stringify({ city: "Lisbon", country: "PT", maxHigh: maxHigh(forecastOf(CITIES[0]!.id, 3)) }),
  createTools: () => TOOLS,
  direct,
  codeMode,
};
