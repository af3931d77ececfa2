const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A property or method name as TypeScript accepts it: bare when it is an identifier, quoted otherwise. */
export function renderKey(key: string): string {
  return IDENTIFIER.test(key) ? key : JSON.stringify(key);
}

/** The JSDoc (with a trailing newline) for a schema's description or title, format, default and deprecation, or "". */
export function renderJsDoc(schema: unknown, indent: string): string {
  if (typeof schema !== "object" || schema === null) return "";
  const { description, title, format, default: defaultValue, deprecated } = schema as Record<string, unknown>;
  const text = typeof description === "string" && description.trim() !== "" ? description : title;
  const lines: string[] = [];
  if (typeof text === "string" && text.trim() !== "") lines.push(...text.trim().split(/\r?\n/));
  // A string's format (date-time, email, uri) tells the model what to pass where the type only says `string`.
  if (typeof format === "string") lines.push(`@format ${format}`);
  if (defaultValue !== undefined) lines.push(`@default ${JSON.stringify(defaultValue)}`);
  if (deprecated === true) lines.push("@deprecated");
  return renderComment(lines, indent);
}

/** A JSDoc block for these lines, one line when it fits, or "" when there are none. */
export function renderComment(lines: readonly string[], indent: string): string {
  const safe = lines.map((line) => line.replace(/\*\//g, "*\\/").trimEnd());
  if (safe.length === 0) return "";
  if (safe.length === 1) return `${indent}/** ${safe[0]} */\n`;
  return `${indent}/**\n${safe.map((line) => `${indent} *${line ? ` ${line}` : ""}`).join("\n")}\n${indent} */\n`;
}
