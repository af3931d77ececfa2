import { CodeModeError, previewText } from "../errors/index.js";
import { MAX_TOOL_NAME_LENGTH, type RegisteredTool } from "../tools/index.js";
import { paginate, pageOf } from "./paginate.js";
import {
  MAX_ACCEPTED_LIMIT,
  parseCountArguments,
  parseDescribeArguments,
  parsePageArguments,
  parseSearchArguments,
} from "./parse-catalog-arguments.js";
import { renderDeclarations } from "./render-declarations.js";
import { createToolSearch } from "./search/index.js";
import { toolPath, toolSignature, type CallStyle } from "./signature/index.js";
import type { CatalogItem, CatalogOptions, ToolCatalog, ToolDescription } from "./tool-catalog.js";
import { createVisibleTools } from "./visible-tools.js";
import { writeExecutePrompt } from "./write-execute-prompt.js";

/** Defaults of the catalog's pages. */
export const CATALOG_DEFAULTS = { maxSearchResults: 5, listLimit: 20, maxListLimit: 100 } as const;

/**
 * Builds the catalog over a tool set: search (BM25, fused with embeddings when `options.embed` is given), pages,
 * descriptions with TypeScript signatures, toolkits, declarations and the execute tool's prompt. Every operation
 * sees only the tools the caller's allow filter lets through. The search index is built on the first search.
 * `callStyle` "value" writes every signature, the declarations and the prompt for tool calls that resolve to data.
 *
 * @example
 * const catalog = createToolCatalog(createToolRegistry(definitions).tools);
 * const page = await catalog.search({ query: "list invoices" }, createAllowFilter(["billing.*"]));
 */
export function createToolCatalog(
  tools: readonly RegisteredTool[],
  options: CatalogOptions = {},
  callStyle: CallStyle = "envelope",
): ToolCatalog {
  assertCatalogOptions(options);
  const maxSearchResults = options.maxSearchResults ?? CATALOG_DEFAULTS.maxSearchResults;
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const visible = createVisibleTools(tools);
  const search = createToolSearch(tools, options.embed ? { embed: options.embed } : {});
  const signatures = new Map<RegisteredTool, string>();
  const signatureOf = (tool: RegisteredTool) => {
    let signature = signatures.get(tool);
    if (signature === undefined) signatures.set(tool, (signature = toolSignature(tool, "pretty", "", callStyle)));
    return signature;
  };
  const checkSignatures = new Map<RegisteredTool, string>();
  const checkSignatureOf = (tool: RegisteredTool) => {
    let signature = checkSignatures.get(tool);
    if (signature === undefined) checkSignatures.set(tool, (signature = toolSignature(tool, "check", "", callStyle)));
    return signature;
  };
  const itemOf = (tool: RegisteredTool, full = false): CatalogItem => {
    const { name, definition } = tool;
    const signature = signatureOf(tool);
    const item: CatalogItem = { name, path: toolPath(tool), description: definition.description, signature };
    if (full) {
      if (tool.inputJsonSchema) item.inputSchema = tool.inputJsonSchema;
      if (tool.outputJsonSchema) item.outputSchema = tool.outputJsonSchema;
    }
    return item;
  };

  return {
    async search(args, allowed) {
      const { query, namespace, limit, offset, detail } = parseSearchArguments(args);
      const pageLimit = Math.min(limit ?? maxSearchResults, maxSearchResults);
      const toItem = (tool: RegisteredTool) => itemOf(tool, detail === "full");
      if (query.trim() === "") return paginate(visible.of(allowed, namespace), offset, pageLimit, toItem);
      const ranked = await search(query, visible.positions(allowed, namespace));
      const items = ranked.slice(offset, offset + pageLimit).map((index) => toItem(tools[index] as RegisteredTool));
      return pageOf(items, ranked.length, offset, pageLimit);
    },
    list(args, allowed) {
      const { namespace, limit, offset } = parsePageArguments("list", args);
      const pageLimit = Math.min(limit ?? CATALOG_DEFAULTS.listLimit, CATALOG_DEFAULTS.maxListLimit);
      return paginate(visible.of(allowed, namespace), offset, pageLimit, (tool) => itemOf(tool));
    },
    count(args, allowed) {
      const { namespace } = parseCountArguments(args);
      const namespaces: Record<string, number> = {};
      let total = 0;
      for (const [name, group] of visible.namespaces(allowed)) {
        if (namespace !== undefined && name !== namespace) continue;
        total += group.length;
        // Flat tools count in the total only: they belong to no namespace.
        if (name !== "") namespaces[name] = group.length;
      }
      return { total, namespaces };
    },
    describe(args, allowed) {
      const name = parseDescribeArguments(args);
      // A name no tool can have is not looked up (nor matched against the allowlist), and quoted by its start only.
      const tool = name.length > MAX_TOOL_NAME_LENGTH ? undefined : byName.get(name);
      // A forbidden tool answers exactly as an unknown one, so a caller cannot probe what exists.
      if (!tool || !allowed(name)) throw new CodeModeError("NOT_FOUND", `No tool named "${previewText(name)}".`);
      return describeTool(tool, itemOf(tool));
    },
    toolkits(args, allowed) {
      const { namespace, limit, offset } = parsePageArguments("toolkits", args);
      const pageLimit = Math.min(limit ?? CATALOG_DEFAULTS.listLimit, CATALOG_DEFAULTS.maxListLimit);
      return paginate(visible.toolkits(allowed, namespace), offset, pageLimit);
    },
    declarations(allowed, { search, checked } = {}) {
      const shown = { ...(search === undefined ? {} : { search }), callStyle };
      if (!checked) return renderDeclarations(visible.of(allowed, undefined), signatureOf, shown);
      return renderDeclarations(visible.of(allowed, undefined).filter(checked), checkSignatureOf, { ...shown, comments: false, open: true });
    },
    prompt(allowed, promptOptions = {}) {
      return writeExecutePrompt(visible.of(allowed, undefined), signatureOf, {
        ...promptOptions,
        callStyle,
        countTokens: options.countTokens,
      });
    },
  };
}

function describeTool(tool: RegisteredTool, item: CatalogItem): ToolDescription {
  const { annotations = {}, affordances = [], toolkit, stateTransition = {} } = tool.definition;
  const { requires = [], produces = [] } = stateTransition;
  return {
    name: item.name,
    path: item.path,
    description: item.description,
    signature: item.signature,
    inputSchema: tool.inputJsonSchema ?? null,
    outputSchema: tool.outputJsonSchema ?? null,
    annotations: { ...annotations },
    affordances: [...affordances],
    toolkit: toolkit ?? null,
    stateTransition: { requires: [...requires], produces: [...produces] },
  };
}

/** Throws INVALID_OPTIONS, naming the option, when the host's catalog options cannot work. */
function assertCatalogOptions(options: CatalogOptions): void {
  const { maxSearchResults, embed, countTokens } = options;
  const fail = (message: string) => {
    throw new CodeModeError("INVALID_OPTIONS", message);
  };
  if (maxSearchResults !== undefined && !(Number.isInteger(maxSearchResults) && maxSearchResults >= 1)) {
    fail(`catalog.maxSearchResults must be a positive integer, got ${String(maxSearchResults)}.`);
  }
  if ((maxSearchResults ?? 0) > MAX_ACCEPTED_LIMIT) fail(`catalog.maxSearchResults must be at most ${MAX_ACCEPTED_LIMIT}.`);
  if (embed !== undefined && typeof embed !== "function") fail("catalog.embed must be a function.");
  if (countTokens !== undefined && typeof countTokens !== "function") fail("catalog.countTokens must be a function.");
}
