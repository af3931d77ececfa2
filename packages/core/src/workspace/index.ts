export { createWorkspace, type Workspace, type WorkspaceEntry, type WorkspaceOptions } from "./create-workspace.js";
export { createOwnerWorkspaces, ownerFolderName, type OwnerWorkspaces } from "./create-owner-workspaces.js";
export { FILES_DECLARATION } from "./files-declaration.js";
