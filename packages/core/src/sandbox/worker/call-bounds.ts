import { cutText, utf8Length } from "../../errors/index.js";
import { MAX_TOOL_NAME_LENGTH } from "../../tools/index.js";

/** The most characters of a call's stack sent to the host: the frames nearest the call, where its line is found. */
export const MAX_STACK_CHARACTERS = 4096;
/** The most UTF-8 bytes of a reason the guest gives for refusing a call (a `toJSON` that threw a long message). */
export const MAX_GUEST_MESSAGE_BYTES = 1024;

/** A call the worker refuses itself, so that nothing past the bound reaches the host. */
export interface Refusal {
  /** The name as the host may record it (see {@link longName}). */
  name: string;
  code: "not_found" | "limit_exceeded" | "invalid_arguments";
  message: string;
}

/**
 * What stands for a name longer than any tool's: its length alone, so that the name itself is never read out of the
 * guest, let alone sent to the host.
 */
export function longName(length: number): string {
  return `(a name of ${length} characters)`;
}

/** The refusal of a call by a name longer than any tool's (`name` from {@link longName}). */
export function refuseLongName(kind: string, name: string): Refusal {
  const what = kind === "tool" ? "tool" : `${kind} operation`;
  return { name, code: "not_found", message: `No ${what} named ${name} is available: a name has at most ${MAX_TOOL_NAME_LENGTH} characters.` };
}

/** The bounds on the arguments one run's calls send to the host, kept in the worker: `maxArgumentBytes` each, `maxTotalArgumentBytes` in all. */
export class CallBounds {
  private sent = 0;

  constructor(private readonly limits: { maxArgumentBytes: number; maxTotalArgumentBytes: number }) {}

  /** Checks a call's arguments before they are sent, counting them toward the run's total; null when they may go. */
  check(name: string, args: string): Refusal | null {
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
