// The playground's editor: CodeMirror 6 with JavaScript/TypeScript highlighting, and completions of the tools the
// signed-in principal may call (`tools.<namespace>.<tool>`), each with its TypeScript signature.
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap, type CompletionContext } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { javascript } from "@codemirror/lang-javascript";
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from "@codemirror/language";
import { lintGutter, setDiagnostics } from "@codemirror/lint";
import { EditorState } from "@codemirror/state";
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from "@codemirror/view";

/** A tool as the catalog lists it. */
export interface ToolItem {
  name: string;
  path: string;
  description: string;
  signature: string;
}

/** The editor, and what the playground does with it. */
export interface Editor {
  readonly view: EditorView;
  text(): string;
  /** Marks the places of problems found before the script ran (a check), or clears them. */
  mark(problems: { line: number; column: number; endLine: number; endColumn: number; message: string }[]): void;
  destroy(): void;
}

/** The editor's looks, which live in its shadow root (see createEditor). */
const THEME = EditorView.theme({
  "&": { height: "300px", fontSize: "13px", backgroundColor: "#fff" },
  "&.cm-focused": { outline: "none" },
  ".cm-scroller": { fontFamily: 'ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace', lineHeight: "1.55" },
  ".cm-gutters": { backgroundColor: "#f7f8fb", borderRight: "1px solid #e2e5ee", color: "#8a93a6" },
  ".cm-activeLine": { backgroundColor: "#f5f6ff" },
  ".cm-activeLineGutter": { backgroundColor: "#eceefe" },
  ".cm-tooltip": { border: "1px solid #e2e5ee", borderRadius: "8px", boxShadow: "0 6px 20px rgba(20, 26, 41, 0.12)" },
  ".cm-tooltip-autocomplete ul li[aria-selected]": { backgroundColor: "#4f46e5" },
});

/**
 * Makes the editor in `parent`; `onRun` is Ctrl/Cmd+Enter, `onEdit` is told of each change to the text. It lives in a shadow root of `parent`: there CodeMirror's
 * styles go into a constructed stylesheet, which the console's Content-Security-Policy (`style-src 'self'`, no
 * inline style) allows; on the page itself it would add a `<style>` element, which that policy blocks.
 */
export function createEditor(parent: HTMLElement, options: { text: string; tools: () => ToolItem[]; onRun: () => void; onEdit?: () => void }): Editor {
  const root = parent.shadowRoot ?? parent.attachShadow({ mode: "open" });
  const completeTools = (context: CompletionContext) => {
    const word = context.matchBefore(/tools\.[\w.]*/);
    if (!word || (word.from === word.to && !context.explicit)) return null;
    return {
      from: word.from,
      options: options.tools().map((tool) => ({ label: tool.path, detail: tool.signature, info: tool.description, type: "function" })),
      validFor: /^tools\.[\w.]*$/,
    };
  };
  const view = new EditorView({
    parent: root,
    root,
    state: EditorState.create({
      doc: options.text,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        closeBrackets(),
        highlightActiveLine(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        javascript({ typescript: true }),
        autocompletion({ override: [completeTools] }),
        lintGutter(),
        keymap.of([
          { key: "Mod-Enter", run: () => (options.onRun(), true) },
          indentWithTab,
          ...closeBracketsKeymap,
          ...defaultKeymap,
          ...historyKeymap,
          ...completionKeymap,
        ]),
        THEME,
        EditorView.updateListener.of((update) => {
          if (update.docChanged) options.onEdit?.();
        }),
        EditorView.contentAttributes.of({ "aria-label": "Script" }),
      ],
    }),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    mark(problems) {
      const { doc } = view.state;
      // A place as an offset in the text; lines past the end (the text changed since) clamp to it.
      const at = (line: number, column: number) => {
        const found = doc.line(Math.min(Math.max(1, line), doc.lines));
        return Math.min(found.to, found.from + Math.max(0, column - 1));
      };
      const diagnostics = problems.map((problem) => {
        const from = at(problem.line, problem.column);
        return { from, to: Math.max(from, at(problem.endLine, problem.endColumn)), severity: "error" as const, message: problem.message };
      });
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    destroy: () => view.destroy(),
  };
}
