import { codemodeConfig } from "@codemode/eslint-config";

export default codemodeConfig({ adapter: true });
