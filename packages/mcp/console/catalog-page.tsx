import { useEffect, useState } from "preact/hooks";
import { api } from "./api.js";
import type { ToolItem } from "./create-editor.js";
import { ErrorNote, Json, PageHead } from "./ui.js";

interface ToolDescription extends ToolItem {
  inputSchema: Record<string, unknown> | null;
  outputSchema: Record<string, unknown> | null;
  annotations: Record<string, unknown>;
}

/** A script the playground opens with, set by "Try in the playground". */
export const playgroundDraft: { code?: string } = {};

/** The tools as the model finds them: the same search, each tool's TypeScript declaration and JSON Schema. */
export function CatalogPage() {
  const [query, setQuery] = useState("");
  const [items, setItems] = useState<ToolItem[]>();
  const [total, setTotal] = useState(0);
  const [chosen, setChosen] = useState<ToolDescription>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    // Searched as the person types, a moment after they stop.
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ limit: "30", ...(query.trim() ? { query } : {}) });
      api<{ items: ToolItem[]; total: number }>(`tools?${params}`).then(
        (page) => {
          setItems(page.items);
          setTotal(page.total);
          setError(undefined);
        },
        (failure: Error) => setError(failure.message),
      );
    }, 150);
    return () => clearTimeout(timer);
  }, [query]);
  const open = (name: string) => api<ToolDescription>(`tools/${encodeURIComponent(name)}`).then(setChosen, (failure: Error) => setError(failure.message));
  const tryIt = (tool: ToolDescription) => {
    playgroundDraft.code = `const answer = await ${tool.path}({});\nreturn answer;`;
    location.hash = "#/playground";
  };
  return (
    <>
      <PageHead title="Catalog">Search the tools the way the model does, and read each tool's TypeScript declaration and schema.</PageHead>
      <ErrorNote message={error} />
      <div class="grid-side">
        <div class="panel">
          <input type="search" placeholder="Search tools, e.g. invoices" aria-label="Search tools" value={query} onInput={(event) => setQuery(event.currentTarget.value)} />
          <p class="faint small">{items ? `${total} tool(s)${query.trim() ? " match" : ""}` : "Searching…"}</p>
          <div class="results" aria-label="Search results">
            {items?.map((item) => (
              <button key={item.name} class={`result ${chosen?.name === item.name ? "active" : ""}`} onClick={() => void open(item.name)}>
                <div class="title">{item.name}</div>
                <div class="desc">{item.description || "No description."}</div>
              </button>
            ))}
          </div>
        </div>
        <div class="panel" aria-label="Tool details">
          {chosen ? (
            <div class="stack">
              <div class="panel-head">
                <div>
                  <h2 class="mono">{chosen.name}</h2>
                  <div class="muted">{chosen.description}</div>
                </div>
                <button class="btn primary" onClick={() => tryIt(chosen)}>
                  Try in the playground
                </button>
              </div>
              <div>
                <h3>TypeScript declaration</h3>
                <pre class="code-block" aria-label="Declaration">{`${chosen.path}${chosen.signature.slice(chosen.signature.indexOf("("))}`}</pre>
              </div>
              <div>
                <h3>Input schema</h3>
                <Json value={chosen.inputSchema ?? {}} />
              </div>
              {chosen.outputSchema ? (
                <div>
                  <h3>Output schema</h3>
                  <Json value={chosen.outputSchema} />
                </div>
              ) : null}
              {Object.keys(chosen.annotations).length > 0 ? (
                <div>
                  <h3>Annotations</h3>
                  <Json value={chosen.annotations} />
                </div>
              ) : null}
            </div>
          ) : (
            <div class="empty">Choose a tool to read its declaration and schema.</div>
          )}
        </div>
      </div>
    </>
  );
}
