import { CodeModeError } from "../errors/index.js";
import { runtimeName } from "../portable/index.js";
import type { OwnerWorkspaces } from "../workspace/index.js";

/** The workspace where there is no file system to give it: a clear refusal, naming the runtime. */
export function refuseWorkspace(): OwnerWorkspaces {
  throw new CodeModeError("INVALID_OPTIONS", `workspace needs a file system (Node.js, Bun or Deno); ${runtimeName()} has none to give scripts.`, {
    details: { option: "workspace" },
  });
}
