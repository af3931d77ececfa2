export { GUEST_ARGS_SOURCE, GUEST_CONSOLE_SOURCE, GUEST_TOOLS_SOURCE } from "./guest-prelude.js";
