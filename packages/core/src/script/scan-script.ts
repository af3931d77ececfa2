/** What one cheap lexical pass over a script found. */
export interface ScriptScan {
  /** False only when the script provably holds no TypeScript syntax, so it can skip the type stripper. */
  mayContainTypes: boolean;
  /** UTF-16 offset of the first `@` outside strings, comments and regular expressions (a decorator), or null. */
  decoratorOffset: number | null;
}

type FrameKind = "block" | "object" | "paren" | "bracket" | "template";
interface Frame {
  kind: FrameKind;
  ternaries: number;
  cases: number;
  angle: boolean;
  control: boolean;
  params: boolean;
}
interface Token {
  type: "start" | "name" | "literal" | "punct";
  value: string;
  line: number;
  /** For `}` and `)`: the kind of frame it closed (and whether a `)` closed a control or parameter list). */
  closed?: Frame;
  /** For `:`: whether it ended a label or `case` (so a `{` after it opens a block). */
  statementColon?: boolean;
}

// Punctuators longer than one character, longest first, grouped by their first character.
const PUNCTUATORS = new Map<string, string[]>();
for (const p of [">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=", "=>", "==", "!=", "<=",
  ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "**", "<<", ">>"]) {
  PUNCTUATORS.set(p[0] as string, [...(PUNCTUATORS.get(p[0] as string) ?? []), p]);
}
const AFTER_OPTIONAL = new Set([":", ",", ")", "="]);
const BEFORE_BLOCK = new Set([")", "]", "}", ";", "=>", "{"]);
// After these keywords an expression starts: `/` opens a regular expression and `{` an object literal.
const EXPRESSION_KEYWORDS = new Set(["return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw",
  "case", "yield", "await"]);
const STATEMENT_KEYWORDS = new Set(["else", "do", "try", "finally"]);
// TypeScript declarations when an identifier follows on the same line (`type A =`, `declare const`).
const DECLARATION_WORDS = new Set(["interface", "type", "namespace", "module", "declare", "abstract"]);
// Words whose presence alone sends the script to the stripper (classes carry modifiers and field types).
const ALWAYS_TYPED_WORDS = new Set(["enum", "class", "import", "export", "implements"]);
const CONTROL_KEYWORDS = new Set(["if", "while", "for", "with", "catch", "switch"]);

function frame(kind: FrameKind): Frame {
  return { kind, ternaries: 0, cases: 0, angle: false, control: false, params: false };
}

function isIdentifierChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 ||
    code === 36 || code === 92 || code === 35 || (code > 127 && code !== 0x2028 && code !== 0x2029 && code !== 0xa0 &&
    code !== 0xfeff);
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function endsExpression(token: Token): boolean {
  if (token.type === "literal") return true;
  if (token.type === "name") return !EXPRESSION_KEYWORDS.has(token.value) && !STATEMENT_KEYWORDS.has(token.value);
  if (token.value === ")") return !(token.closed?.control ?? false);
  if (token.value === "}") return token.closed?.kind === "object";
  return token.value === "]" || token.value === "++" || token.value === "--";
}

function opensObject(previous: Token): boolean {
  if (previous.type === "start") return false;
  if (previous.type === "name") return EXPRESSION_KEYWORDS.has(previous.value);
  if (previous.type === "literal") return false;
  if (previous.value === ":") return !(previous.statementColon ?? false);
  return !BEFORE_BLOCK.has(previous.value);
}

function startsStatement(token: Token): boolean {
  if (token.type === "start") return true;
  if (token.type === "name") return STATEMENT_KEYWORDS.has(token.value);
  if (token.value === ":") return token.statementColon ?? false;
  if (token.value === ")") return token.closed?.control ?? false;
  if (token.value === "}") return token.closed?.kind === "block";
  return token.value === ";" || token.value === "{";
}

/**
 * Scans a script once, as a lexer would, to tell whether it may hold TypeScript syntax. It errs towards "may": a
 * false "may" costs a run of the stripper, a false "cannot" would hand TypeScript to the engine, so every construct
 * that TypeScript adds (annotations, generics, `as`, `!`, optional `?`, declarations, classes, overloads) says "may".
 */
export function scanScript(code: string): ScriptScan {
  return new ScriptScanner(code).scan();
}

/**
 * One pass over a script. Each `read*` method consumes one token and returns false when the text is something the
 * scanner does not follow (an unterminated comment, string or regular expression, an unbalanced bracket): the
 * script then may hold anything, and goes to the stripper.
 */
class ScriptScanner {
  private readonly code: string;
  private index = 0;
  private line = 1;
  private readonly frames: Frame[] = [frame("block")];
  private previous: Token = { type: "start", value: "", line: 1 };
  private beforePrevious: Token = this.previous;
  private typed = false;
  private decoratorOffset: number | null = null;
  /** A declaration word (`type`, `declare`, ...) that makes the script typed if a name follows on its line. */
  private pendingWord: Token | null = null;
  /** After `function`: the next `(` opens a parameter list. */
  private awaitingParams = false;
  /** After a parameter list: anything but `{` is a return type annotation or an overload. */
  private awaitingBody = false;

  constructor(code: string) {
    this.code = code;
  }

  scan(): ScriptScan {
    const followed = this.readTokens();
    return { mayContainTypes: !followed || this.typed || this.frames.length !== 1, decoratorOffset: this.decoratorOffset };
  }

  private readTokens(): boolean {
    const code = this.code;
    while (this.index < code.length) {
      const c = code.charCodeAt(this.index);
      if (c === 10 || c === 0x2028 || c === 0x2029) {
        this.line++;
        this.index++;
      } else if (c === 32 || c === 9 || c === 13 || c === 11 || c === 12 || c === 0xa0 || c === 0xfeff) {
        this.index++;
      } else if (c === 47 && code.charCodeAt(this.index + 1) === 47) {
        this.skipLineComment();
      } else if (c === 47 && code.charCodeAt(this.index + 1) === 42) {
        if (!this.skipBlockComment()) return false;
      } else if (c === 39 || c === 34 || c === 96) {
        if (!this.readQuoted(c)) return false;
      } else if (c === 47 && !endsExpression(this.previous)) {
        if (!this.readRegExp()) return false;
      } else if ((c >= 48 && c <= 57) || (c === 46 && isDigit(code.charCodeAt(this.index + 1)))) {
        this.readNumber();
      } else if (isIdentifierChar(c)) {
        this.readWord();
      } else if (!this.readPunctuator()) {
        return false;
      }
    }
    return true;
  }

  private push(token: Token): void {
    if (this.pendingWord !== null && token.type === "name" && token.line === this.pendingWord.line) this.typed = true;
    if (this.awaitingBody && token.value !== "{") this.typed = true;
    if (this.previous.value === "?" && this.previous.type === "punct" && AFTER_OPTIONAL.has(token.value)) this.typed = true;
    this.pendingWord = null;
    this.awaitingBody = false;
    this.beforePrevious = this.previous;
    this.previous = token;
  }

  private top(): Frame {
    return this.frames[this.frames.length - 1] as Frame;
  }

  private skipLineComment(): void {
    const code = this.code;
    while (this.index < code.length && code.charCodeAt(this.index) !== 10) this.index++;
  }

  private skipBlockComment(): boolean {
    const end = this.code.indexOf("*/", this.index + 2);
    if (end < 0) return false;
    for (let k = this.index; k < end; k++) if (this.code.charCodeAt(k) === 10) this.line++;
    this.index = end + 2;
    return true;
  }

  /** Skips a quoted string or a template's text up to its end or its next `${`; false when it is unterminated. */
  private skipQuoted(quote: number): boolean {
    const code = this.code;
    while (this.index < code.length) {
      const c = code.charCodeAt(this.index);
      if (c === 92) this.index += 2;
      else if (c === quote) {
        this.index++;
        return true;
      } else if (quote === 96 && c === 36 && code.charCodeAt(this.index + 1) === 123) {
        this.index += 2;
        this.frames.push(frame("template"));
        return true;
      } else if (quote !== 96 && (c === 10 || c === 13)) return false;
      else {
        if (c === 10) this.line++;
        this.index++;
      }
    }
    return false;
  }

  /** A string, or a template up to its end or its first `${` (a template frame then stays open). */
  private readQuoted(quote: number): boolean {
    this.index++;
    const line = this.line;
    if (!this.skipQuoted(quote)) return false;
    if (quote !== 96 || this.code.charCodeAt(this.index - 1) === 96) this.push({ type: "literal", value: "'", line });
    else this.push({ type: "punct", value: "${", line });
    return true;
  }

  private readRegExp(): boolean {
    const code = this.code;
    this.index++;
    let inClass = false;
    while (this.index < code.length) {
      const r = code.charCodeAt(this.index);
      if (r === 10) return false;
      if (r === 92) this.index++;
      else if (r === 91) inClass = true;
      else if (r === 93) inClass = false;
      else if (r === 47 && !inClass) break;
      this.index++;
    }
    if (this.index >= code.length) return false;
    this.index++;
    while (this.index < code.length && isIdentifierChar(code.charCodeAt(this.index))) this.index++;
    this.push({ type: "literal", value: "/", line: this.line });
    return true;
  }

  private readNumber(): void {
    const code = this.code;
    while (this.index < code.length) {
      const d = code.charCodeAt(this.index);
      if (isIdentifierChar(d) || d === 46) this.index++;
      else if ((d === 43 || d === 45) && (code.charCodeAt(this.index - 1) | 32) === 101) this.index++;
      else break;
    }
    this.push({ type: "literal", value: "0", line: this.line });
  }

  private readWord(): void {
    const code = this.code;
    const start = this.index;
    while (this.index < code.length && isIdentifierChar(code.charCodeAt(this.index))) this.index++;
    const word = code.slice(start, this.index);
    const token: Token = { type: "name", value: word, line: this.line };
    const previous = this.previous;
    const isProperty = previous.value === "." || previous.value === "?.";
    if (!isProperty) {
      if (ALWAYS_TYPED_WORDS.has(word)) this.typed = true;
      if ((word === "as" || word === "satisfies") && endsExpression(previous) && previous.line === this.line) this.typed = true;
      if (word === "case") this.top().cases++;
      if (word === "function") this.awaitingParams = true;
    }
    const pending = !isProperty && DECLARATION_WORDS.has(word) ? token : null;
    this.push(token);
    this.pendingWord = pending;
  }

  private readPunctuator(): boolean {
    const start = this.index;
    const value = this.readPunctuatorText();
    const token: Token = { type: "punct", value, line: this.line };
    const current = this.top();
    switch (value) {
      case "@":
        this.typed = true;
        this.decoratorOffset ??= start;
        break;
      case "(":
      case "[":
        this.open(value);
        break;
      case "{":
        this.frames.push(frame(opensObject(this.previous) ? "object" : "block"));
        break;
      case ")":
      case "]":
      case "}":
        return this.close(token);
      case "?":
        current.ternaries++;
        break;
      case ":":
        this.readColon(token, current);
        break;
      case "!":
        if (endsExpression(this.previous) && this.previous.line === this.line) this.typed = true;
        break;
      case "<":
        current.angle = true;
        break;
      case ">":
      case ">>":
      case ">>>":
        if (current.angle) this.typed = true;
        break;
      case ";":
        current.angle = false;
        break;
    }
    this.push(token);
    return true;
  }

  /** The longest punctuator at the current index, consumed; `?.` before a digit is `?` (a ternary). */
  private readPunctuatorText(): string {
    const code = this.code;
    const start = this.index;
    const char = code[start] ?? "";
    let punct = char;
    for (const candidate of PUNCTUATORS.get(char) ?? []) {
      if (code.startsWith(candidate, start)) {
        punct = candidate;
        break;
      }
    }
    this.index += punct === "?." && /[0-9]/.test(code[start + 2] ?? "") ? 1 : punct.length;
    return this.index - start === 1 ? char : punct;
  }

  private open(value: "(" | "["): void {
    const opened = frame(value === "(" ? "paren" : "bracket");
    if (value === "(") {
      opened.control = this.previous.type === "name" && CONTROL_KEYWORDS.has(this.previous.value);
      opened.params = this.awaitingParams;
      this.awaitingParams = false;
    }
    this.frames.push(opened);
  }

  /** A closing bracket: it ends a frame, or a template's `${ }` and the template text after it. */
  private close(token: Token): boolean {
    const closed = this.frames.pop();
    if (closed === undefined || this.frames.length === 0) return false;
    if (closed.kind === "template") {
      if (!this.skipQuoted(96)) return false;
      const ended = this.code.charCodeAt(this.index - 1) === 96;
      this.push(ended ? { type: "literal", value: "`", line: this.line } : { type: "punct", value: "${", line: this.line });
      return true;
    }
    token.closed = closed;
    this.push(token);
    if (closed.params) this.awaitingBody = true;
    return true;
  }

  /** A `:` ends a ternary, an object key, a `case` or a label; anywhere else it starts a type annotation. */
  private readColon(token: Token, current: Frame): void {
    const { previous, beforePrevious } = this;
    if (current.ternaries > 0) current.ternaries--;
    else if (current.kind === "object") {
      const isKey = previous.value === "]" || (previous.type !== "punct" && previous.type !== "start" &&
        (beforePrevious.value === "{" || beforePrevious.value === ","));
      if (!isKey) this.typed = true;
    } else if (current.kind === "block" && current.cases > 0) {
      current.cases--;
      token.statementColon = true;
    } else if (current.kind === "block" && previous.type === "name" &&
      (previous.value === "default" || startsStatement(beforePrevious) || beforePrevious.line !== previous.line)) {
      token.statementColon = true;
    } else this.typed = true;
  }
}
