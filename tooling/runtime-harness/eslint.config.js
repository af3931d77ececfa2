import { codemodeConfig } from "@codemode/eslint-config";

// Helpers for tests and the bench; they use other packages only through their public entries.
export default codemodeConfig({ adapter: true });
