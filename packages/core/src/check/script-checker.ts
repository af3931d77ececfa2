// The contract between the check and the compiler that runs it. Nothing here needs Node: a runtime without child
// processes (a browser, workerd) can implement ScriptChecker in a Web Worker or in process.

/** What one check gives the compiler: the script, as a TypeScript file, and the declarations it is checked against. */
export interface CheckRequest {
  /** The script wrapped in an async function (see `wrapForCheck`); fault positions are offsets into this text. */
  script: string;
  /** The declarations of the globals the script may use (`tools`, `Envelope`, `catalog`, `files`, `resources`). */
  declarations: string;
}

/** The kinds of fault a check reports; everything else the compiler says is left out (see docs/checking.md). */
export type FaultKind =
  | "syntax_error"
  | "unknown_tool"
  | "namespace_called"
  | "missing_argument"
  | "positional_argument"
  | "wrong_type"
  | "not_in_enum"
  | "unknown_argument"
  | "unknown_field";

/** One fault the compiler proved, before it is worded for the model. */
export interface Fault {
  kind: FaultKind;
  /** UTF-16 offsets into {@link CheckRequest.script}. */
  start: number;
  end: number;
  /**
   * unknown_tool: the path as the script wrote it after `tools` (`["billing", "list_invoice"]`); namespace_called:
   * the namespace (`["billing"]`); a call's faults: the tool's name (`["billing.refund"]`).
   */
  path: string[];
  /** The argument as a path into the arguments (`["filter", "status"]`), the missing arguments, or the field read. */
  names?: string[];
  /** unknown_argument and unknown_field: the names the declarations allow there, for the nearest one. */
  candidates?: string[];
  /** The type the declarations expect and the type the script gives, as TypeScript writes them. */
  expected?: string;
  actual?: string;
  /** syntax_error: the compiler's message. */
  message?: string;
}

/** A compiler that checks scripts: started on first use, shared by every code mode of the process. */
export interface ScriptChecker {
  check(request: CheckRequest): Promise<Fault[]>;
  /** Starts loading what the first check needs, in the background, where that can shorten it. */
  preload?(): void;
  close(): Promise<void>;
}
