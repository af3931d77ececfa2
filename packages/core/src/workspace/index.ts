export { createWorkspace, type Workspace, type WorkspaceEntry, type WorkspaceOptions } from "./create-workspace.js";
export { FILES_DECLARATION } from "./files-declaration.js";
