import { tool } from "ai";
import { z } from "zod";
import { lastExecuteResult, lastToolResult, type ModelPrompt } from "../read-prompt.js";
import type { ModelAction, TokenScenario } from "../token-scenario.js";
import { pick, seededRandom } from "../../stats/seeded-random.js";

const DOCUMENT_ID = "incident-2026-11-29.log";
const SERVICES = ["api", "auth", "search", "billing", "mailer", "scheduler", "gateway"] as const;
const MESSAGES = [
  "request handled in 42 ms route=/v1/orders status=200",
  "cache miss key=session:7f3a ttl=300 refilling from primary",
  "connection pool at 61% of capacity, 4 idle, 12 busy",
  "retrying upstream call attempt=2 backoff=200ms",
  "job finished queue=default duration=1.8s processed=250",
  "slow query 812 ms table=events rows=18000 plan=seq-scan",
] as const;
const TARGET = "service=payments level=ERROR";
const WANTED = 12;

// About 200 KB of log, with exactly a dozen payment errors spread through it.
function createDocument(): string {
  const random = seededRandom(44);
  const lines: string[] = [];
  let bytes = 0;
  for (let index = 0; bytes < 200_000; index++) {
    const time = `2026-11-29T${String(Math.floor(index / 90)).padStart(2, "0")}:${String(Math.floor(index * 0.66) % 60).padStart(2, "0")}:${String((index * 7) % 60).padStart(2, "0")}Z`;
    const line = index % 150 === 75 && index < 150 * WANTED
      ? `${time} ${TARGET} charge failed card_declined order=ord_${10_000 + index} amount=${100 + (index % 900)}`
      : `${time} service=${pick(SERVICES, random)} level=${random() < 0.9 ? "INFO" : "WARN"} ${pick(MESSAGES, random)}`;
    lines.push(line);
    bytes += line.length + 1;
  }
  return lines.join("\n");
}

const DOCUMENT = createDocument();
const errorLines = (text: string) => text.split("\n").filter((line) => line.includes(TARGET));

const SCRIPT = `const doc = await tools.docs.get_document({ id: "${DOCUMENT_ID}" });
if (!doc.ok) return { error: doc.error.message };
return { lines: doc.data.split("\\n").filter((line) => line.includes("${TARGET}")) };`;

function direct(prompt: ModelPrompt): ModelAction {
  const last = lastToolResult(prompt);
  if (last === undefined) return { tool: "get_document", input: { id: DOCUMENT_ID } };
  return { text: JSON.stringify({ lines: errorLines(last.output as string) }) };
}

/** A tool that returns a 200 KB document, of which the task needs a dozen lines. */
export const largeDocumentScenario: TokenScenario = {
  name: "4. large answer: 12 lines of a 200 KB document",
  task: `List every ERROR line of the payments service in the log ${DOCUMENT_ID}, exactly as written. Reply as JSON: {"lines": [...]}.`,
  namespace: "docs",
  expected: JSON.stringify({ lines: errorLines(DOCUMENT) }),
  createTools: () => ({
    get_document: tool({
      description: "Get a document (a log, a report or a page) by id, as plain text.",
      inputSchema: z.object({ id: z.string() }),
      execute: async () => DOCUMENT,
    }),
  }),
  direct,
  codeMode: (prompt) =>
    lastToolResult(prompt) === undefined ? { tool: "execute", input: { code: SCRIPT } } : { text: JSON.stringify(lastExecuteResult(prompt)) },
};

/** The document's size in bytes and its number of wanted lines, for the test. */
export const LARGE_DOCUMENT_SHAPE = { bytes: Buffer.byteLength(DOCUMENT), wantedLines: errorLines(DOCUMENT).length };
