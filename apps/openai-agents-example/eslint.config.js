import { codemodeConfig } from "@codemode/eslint-config";

// An example uses the packages as a user would: through their public entries only.
export default codemodeConfig({ adapter: true });
