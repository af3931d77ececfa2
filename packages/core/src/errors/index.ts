export { CodeModeError, isCodeModeError, type CodeModeErrorOptions } from "./code-mode-error.js";
export {
  CALL_ERROR_CODES,
  ERROR_CODES,
  type CallErrorCode,
  type CodeModeErrorCode,
  type ErrorCodeEntry,
  type ErrorSurface,
} from "./error-codes.js";
export { ERROR_MESSAGES, LIMIT_MESSAGES } from "./error-messages.js";
export { nearestName } from "./nearest-name.js";
export { toErrorData, type ErrorData } from "./to-error-data.js";
export { cutText, previewText, utf8Length } from "./cut-text.js";
