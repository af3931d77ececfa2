// Run with `pnpm start`: Cloudflare's code-mode MCP server on Node, its scripts run by @codemode/cloudflare.
import { askSupportDesk, SCRIPT } from "./serve-code-tool.js";

console.log(`--- the script sent to the code tool ---\n${SCRIPT}\n`);
console.log(`--- the code tool's answer ---\n${await askSupportDesk()}`);
