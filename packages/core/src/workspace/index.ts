export { createWorkspace, type Workspace, type WorkspaceEntry, type WorkspaceOptions } from "./create-workspace.js";
export { createOwnerWorkspaces, ownerFolderName } from "./create-owner-workspaces.js";
export { FILES_DECLARATION } from "./files-declaration.js";
