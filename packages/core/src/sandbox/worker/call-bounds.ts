import { cutText, previewText } from "../../errors/index.js";
import { MAX_TOOL_NAME_LENGTH } from "../../tools/index.js";

/** The most characters of a call's stack sent to the host: the frames nearest the call, where its line is found. */
export const MAX_STACK_CHARACTERS = 4096;
/** The most UTF-8 bytes of a reason the guest gives for refusing a call (a `toJSON` that threw a long message). */
export const MAX_GUEST_MESSAGE_BYTES = 1024;

/** A call the worker refuses itself, so that nothing past the bound reaches the host. */
export interface Refusal {
  /** The name as the host may record it: whole when within MAX_TOOL_NAME_LENGTH, else its start and length. */
  name: string;
  code: "not_found" | "limit_exceeded" | "invalid_arguments";
  message: string;
}

/**
 * The bounds on what one run's calls send to the host, kept in the worker: a name no longer than any tool's, each
 * call's arguments within `maxArgumentBytes` and the run's within `maxTotalArgumentBytes`.
 */
export class CallBounds {
  private sent = 0;

  constructor(private readonly limits: { maxArgumentBytes: number; maxTotalArgumentBytes: number }) {}

  /** Checks a call before it is sent, counting its arguments toward the run's total; null when it may go. */
  check(kind: string, name: string, args: string): Refusal | null {
    if (name.length > MAX_TOOL_NAME_LENGTH) {
      const shown = boundName(name);
      const what = kind === "tool" ? "tool" : `${kind} operation`;
      const message = `No ${what} named "${shown}" is available: a name has at most ${MAX_TOOL_NAME_LENGTH} characters.`;
      return { name: shown, code: "not_found", message };
    }
    const { maxArgumentBytes, maxTotalArgumentBytes } = this.limits;
    const bytes = utf8Length(args, maxArgumentBytes + 1);
    if (bytes > maxArgumentBytes) {
      return { name, code: "limit_exceeded", message: `The call's arguments are larger than the ${maxArgumentBytes} bytes of JSON one call may send.` };
    }
    if (this.sent + bytes > maxTotalArgumentBytes) {
      const message = `The script has already sent ${this.sent} bytes of arguments; one run may send at most ${maxTotalArgumentBytes}.`;
      return { name, code: "limit_exceeded", message };
    }
    this.sent += bytes;
    return null;
  }
}

/** A name the host may record: whole when it could be a tool's, else its start and length. */
export function boundName(name: string): string {
  return name.length > MAX_TOOL_NAME_LENGTH ? previewText(name) : name;
}

/** A stack as sent to the host: its first MAX_STACK_CHARACTERS characters, ending at a whole line. */
export function boundStack(stack: string): string {
  if (stack.length <= MAX_STACK_CHARACTERS) return stack;
  const cut = stack.slice(0, MAX_STACK_CHARACTERS);
  const line = cut.lastIndexOf("\n");
  return line > 0 ? cut.slice(0, line) : cut;
}

/** A reason the guest gave, as sent to the host. */
export function boundMessage(message: string): string {
  return cutText(message, MAX_GUEST_MESSAGE_BYTES);
}

/**
 * The UTF-8 size of text, counted up to `stop` (a larger size reads as `stop`): one to three bytes per UTF-16 unit,
 * so most texts need no count at all.
 */
export function utf8Length(text: string, stop: number): number {
  if (text.length >= stop) return stop;
  let bytes = 0;
  for (let index = 0; index < text.length && bytes < stop; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return Math.min(bytes, stop);
}
