import { codemodeConfig } from "@codemode/eslint-config";

// Real MCP servers the adapters' tests start; they use other packages only through their public entries.
export default codemodeConfig({ adapter: true });
