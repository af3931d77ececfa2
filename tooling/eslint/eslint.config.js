import { codemodeConfig } from "./index.js";

export default codemodeConfig();
