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
  const frames: Frame[] = [frame("block")];
  let previous: Token = { type: "start", value: "", line: 1 };
  let beforePrevious: Token = previous;
  let line = 1;
  let typed = false;
  let decoratorOffset: number | null = null;
  let pendingWord: Token | null = null;
  let awaitingParams = false;
  let awaitingBody = false;
  let i = 0;
  const top = (): Frame => frames[frames.length - 1] as Frame;
  const push = (token: Token): void => {
    if (pendingWord !== null && token.type === "name" && token.line === pendingWord.line) typed = true;
    if (awaitingBody && token.value !== "{") typed = true;
    if (previous.value === "?" && previous.type === "punct" && AFTER_OPTIONAL.has(token.value)) typed = true;
    pendingWord = null;
    awaitingBody = false;
    beforePrevious = previous;
    previous = token;
  };
  // Skips a quoted string or a template's text; returns false when it is unterminated.
  const skipQuoted = (quote: number): boolean => {
    while (i < code.length) {
      const c = code.charCodeAt(i);
      if (c === 92) i += 2;
      else if (c === quote) { i++; return true; }
      else if (quote === 96 && c === 36 && code.charCodeAt(i + 1) === 123) { i += 2; frames.push(frame("template")); return true; }
      else if (quote !== 96 && (c === 10 || c === 13)) return false;
      else { if (c === 10) line++; i++; }
    }
    return false;
  };

  while (i < code.length) {
    const c = code.charCodeAt(i);
    const start = i;
    if (c === 10 || c === 0x2028 || c === 0x2029) { line++; i++; continue; }
    if (c === 32 || c === 9 || c === 13 || c === 11 || c === 12 || c === 0xa0 || c === 0xfeff) { i++; continue; }
    if (c === 47 && code.charCodeAt(i + 1) === 47) { while (i < code.length && code.charCodeAt(i) !== 10) i++; continue; }
    if (c === 47 && code.charCodeAt(i + 1) === 42) {
      const end = code.indexOf("*/", i + 2);
      if (end < 0) return { mayContainTypes: true, decoratorOffset };
      for (let k = i; k < end; k++) if (code.charCodeAt(k) === 10) line++;
      i = end + 2;
      continue;
    }
    if (c === 39 || c === 34 || c === 96) {
      i++;
      const tokenLine = line;
      if (!skipQuoted(c)) return { mayContainTypes: true, decoratorOffset };
      if (c !== 96 || code.charCodeAt(i - 1) === 96) push({ type: "literal", value: "'", line: tokenLine });
      else push({ type: "punct", value: "${", line: tokenLine });
      continue;
    }
    if (c === 47 && !endsExpression(previous)) {
      i++;
      let inClass = false;
      while (i < code.length) {
        const r = code.charCodeAt(i);
        if (r === 10) return { mayContainTypes: true, decoratorOffset };
        if (r === 92) i++;
        else if (r === 91) inClass = true;
        else if (r === 93) inClass = false;
        else if (r === 47 && !inClass) break;
        i++;
      }
      if (i >= code.length) return { mayContainTypes: true, decoratorOffset };
      i++;
      while (i < code.length && isIdentifierChar(code.charCodeAt(i))) i++;
      push({ type: "literal", value: "/", line });
      continue;
    }
    if ((c >= 48 && c <= 57) || (c === 46 && code.charCodeAt(i + 1) >= 48 && code.charCodeAt(i + 1) <= 57)) {
      while (i < code.length) {
        const d = code.charCodeAt(i);
        if (isIdentifierChar(d) || d === 46) i++;
        else if ((d === 43 || d === 45) && (code.charCodeAt(i - 1) | 32) === 101) i++;
        else break;
      }
      push({ type: "literal", value: "0", line });
      continue;
    }
    if (isIdentifierChar(c)) {
      while (i < code.length && isIdentifierChar(code.charCodeAt(i))) i++;
      const word = code.slice(start, i);
      const token: Token = { type: "name", value: word, line };
      const isProperty = previous.value === "." || previous.value === "?.";
      if (!isProperty) {
        if (ALWAYS_TYPED_WORDS.has(word)) typed = true;
        if ((word === "as" || word === "satisfies") && endsExpression(previous) && previous.line === line) typed = true;
        if (word === "case") top().cases++;
        if (word === "function") awaitingParams = true;
      }
      const pending = !isProperty && DECLARATION_WORDS.has(word) ? token : null;
      push(token);
      pendingWord = pending;
      continue;
    }
    const char = code[i] ?? "";
    let punct = char;
    for (const candidate of PUNCTUATORS.get(char) ?? []) {
      if (code.startsWith(candidate, i)) { punct = candidate; break; }
    }
    i += punct === "?." && /[0-9]/.test(code[i + 2] ?? "") ? 1 : punct.length;
    const value = i - start === 1 ? code[start] ?? "" : punct;
    const token: Token = { type: "punct", value, line };
    const current = top();
    switch (value) {
      case "@":
        typed = true;
        decoratorOffset ??= start;
        break;
      case "(": case "[": {
        const opened = frame(value === "(" ? "paren" : "bracket");
        opened.control = value === "(" && previous.type === "name" && CONTROL_KEYWORDS.has(previous.value);
        opened.params = value === "(" && awaitingParams;
        if (value === "(") awaitingParams = false;
        frames.push(opened);
        break;
      }
      case "{":
        frames.push(frame(opensObject(previous) ? "object" : "block"));
        break;
      case ")": case "]": case "}": {
        const closed = frames.pop();
        if (closed === undefined || frames.length === 0) return { mayContainTypes: true, decoratorOffset };
        if (closed.kind === "template") {
          if (!skipQuoted(96)) return { mayContainTypes: true, decoratorOffset };
          push(code.charCodeAt(i - 1) === 96 ? { type: "literal", value: "`", line } : { type: "punct", value: "${", line });
          continue;
        }
        token.closed = closed;
        if (closed.params) { push(token); awaitingBody = true; continue; }
        break;
      }
      case "?":
        current.ternaries++;
        break;
      case ":":
        if (current.ternaries > 0) current.ternaries--;
        else if (current.kind === "object") {
          const isKey = previous.value === "]" || (previous.type !== "punct" && previous.type !== "start" &&
            (beforePrevious.value === "{" || beforePrevious.value === ","));
          if (!isKey) typed = true;
        } else if (current.kind === "block" && current.cases > 0) {
          current.cases--;
          token.statementColon = true;
        } else if (current.kind === "block" && previous.type === "name" &&
          (previous.value === "default" || startsStatement(beforePrevious) || beforePrevious.line !== previous.line)) {
          token.statementColon = true;
        } else typed = true;
        break;
      case "!":
        if (endsExpression(previous) && previous.line === line) typed = true;
        break;
      case "<":
        current.angle = true;
        break;
      case ">": case ">>": case ">>>":
        if (current.angle) typed = true;
        break;
      case ";":
        current.angle = false;
        break;
    }
    push(token);
  }
  return { mayContainTypes: typed || frames.length !== 1, decoratorOffset };
}
