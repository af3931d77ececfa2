const STOP_WORDS = new Set(["a", "an", "and", "by", "for", "from", "in", "of", "on", "or", "the", "to", "with"]);
const NON_ASCII = /[^ -~\t\n\r]/;
// One pass that also splits camelCase: "HTTPServer" -> HTTP Server, "listInvoices" -> list Invoices, "URLs" stays.
const ASCII_WORD = /[A-Z]{2,}s?(?![a-z])[0-9]*|[A-Z]?[a-z]+[0-9]*|[A-Z][0-9]*|[0-9]+/g;
const UNICODE_WORD = /\p{Lu}{2,}s?(?!\p{Ll})\p{N}*|\p{Lu}?\p{Ll}+\p{N}*|\p{Lo}+|\p{L}\p{N}*|\p{N}+/gu;

/**
 * Splits text into search words: at `_`, `-`, `.`, spaces and punctuation, and inside camelCase
 * (`listInvoices`, `HTTPServer`), so "list invoices" meets `billing.list_invoices`.
 */
export function tokenize(text: string): string[] {
  // Unicode property escapes cost several times more in V8, and most tool text is ASCII.
  return text.match(NON_ASCII.test(text) ? UNICODE_WORD : ASCII_WORD) ?? [];
}

/** Normalises a word for index and query alike: lower case, English plurals folded, stop words dropped (null). */
export function normalizeTerm(word: string): string | null {
  const term = word.toLowerCase();
  if (STOP_WORDS.has(term)) return null;
  if (term.length <= 3 || !term.endsWith("s")) return term;
  if (term.endsWith("ies")) return `${term.slice(0, -3)}y`;
  if (term.endsWith("sses") || term.endsWith("xes") || term.endsWith("ches") || term.endsWith("shes")) {
    return term.slice(0, -2);
  }
  if (term.endsWith("ss") || term.endsWith("us") || term.endsWith("is")) return term;
  return term.slice(0, -1);
}
