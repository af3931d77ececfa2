import { useEffect, useRef, useState } from "preact/hooks";
import { api, type CheckDiagnostic } from "./api.js";
import { playgroundDraft } from "./catalog-page.js";
import { createEditor, type Editor, type ToolItem } from "./create-editor.js";
import { RunView, useRun } from "./run-view.js";
import { ErrorNote, PageHead } from "./ui.js";

const EXAMPLE = `// Find tools in the Catalog; type "tools." for the ones you may call.
const found = await catalog.search({ query: "list" });
console.log("found", found.data.items.length, "tools");
return found.data.items.map((tool) => tool.name);
`;

/** What the check says of a script: `ok`, or its faults with their places. */
interface CheckAnswer {
  ok: boolean;
  diagnostics: CheckDiagnostic[];
}

/** Write a script, check it against your tools' declarations, and run it as yourself, watching its calls as they happen. */
export function PlaygroundPage() {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<Editor | undefined>(undefined);
  const tools = useRef<ToolItem[]>([]);
  const [declarations, setDeclarations] = useState("");
  const [showDeclarations, setShowDeclarations] = useState(false);
  const [checked, setChecked] = useState<CheckAnswer>();
  const [error, setError] = useState<string>();
  const [state, start] = useRun();
  const run = () => {
    const code = editor.current?.text() ?? "";
    if (code.trim()) void start("runs", { code });
  };
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    editor.current = createEditor(host.current!, {
      text: playgroundDraft.code ?? EXAMPLE,
      tools: () => tools.current,
      onRun: () => runRef.current(),
      // What a check found is of the text it checked: an edit clears it, rather than leave marks on other code.
      // (CodeMirror takes no new transaction while it tells of one, so the marks go just after.)
      onEdit: () => {
        setChecked(undefined);
        queueMicrotask(() => editor.current?.mark([]));
      },
    });
    delete playgroundDraft.code;
    api<{ items: ToolItem[] }>("tools?limit=100").then((page) => (tools.current = page.items), (failure: Error) => setError(failure.message));
    api<{ declarations: string }>("declarations").then((answer) => setDeclarations(answer.declarations), () => undefined);
    return () => editor.current?.destroy();
  }, []);
  const check = async () => {
    try {
      const answer = await api<CheckAnswer>("check", { method: "POST", body: { code: editor.current?.text() ?? "" } });
      setChecked(answer);
      setError(undefined);
      editor.current?.mark(answer.diagnostics);
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <>
      <PageHead
        title="Playground"
        actions={
          <>
            <button class="btn" onClick={() => void check()}>
              Check
            </button>
            <button class="btn primary" onClick={run} disabled={state.running}>
              {state.running ? "Running…" : "Run"}
            </button>
          </>
        }
      >
        Run a script as yourself, with your tools, as the model would. Check finds what your tools' declarations rule out before anything runs. Calls that
        need approval pause the run until you decide in Approvals. <kbd>Ctrl</kbd>+<kbd>Enter</kbd> runs.
      </PageHead>
      <ErrorNote message={error} />
      <div class="panel">
        <div class="editor" ref={host} />
        <div class="row toolbar">
          <button class="btn small" onClick={() => setShowDeclarations(!showDeclarations)}>
            {showDeclarations ? "Hide declarations" : "Show declarations"}
          </button>
          <span class="faint small">The TypeScript the model is given for your tools.</span>
          {checked ? <span class={`pill ${checked.ok ? "ok" : "bad"}`}>{checked.ok ? "no problems found" : `${checked.diagnostics.length} problem(s)`}</span> : null}
        </div>
        {checked && !checked.ok ? (
          <div class="problems" aria-label="Problems">
            {checked.diagnostics.map((found, index) => (
              <div class="problem" key={index}>
                <span class="mono faint">
                  line {found.line}:{found.column}
                </span>{" "}
                {found.message}
              </div>
            ))}
          </div>
        ) : null}
        {showDeclarations ? <pre class="code-block">{declarations}</pre> : null}
      </div>
      <div class="gap" />
      <RunView state={state} />
    </>
  );
}
