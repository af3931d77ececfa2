import { codemodeConfig } from "@codemode/eslint-config";

// The harness drives the gateway as its users do: through the `codemode` command of the built package.
export default codemodeConfig({ adapter: true });
