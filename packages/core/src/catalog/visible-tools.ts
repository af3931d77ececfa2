import type { AllowFilter, RegisteredTool } from "../tools/index.js";

/** A toolkit as the catalog shows it. */
export interface ToolkitItem {
  name: string;
  tools: string[];
}

/** The tools one caller may see, worked out once per allow filter and kept while the filter lives. */
export interface VisibleTools {
  /** The caller's tools, in registration order, optionally of one namespace. */
  of(allowed: AllowFilter, namespace: string | undefined): readonly RegisteredTool[];
  /** The same, as positions in the full tool list. */
  positions(allowed: AllowFilter, namespace: string | undefined): ReadonlySet<number>;
  /** The caller's tools grouped by namespace, in order of first appearance. */
  namespaces(allowed: AllowFilter): ReadonlyMap<string, readonly RegisteredTool[]>;
  /** Toolkits every tool of which the caller may use; with a namespace, those holding a tool of it. */
  toolkits(allowed: AllowFilter, namespace: string | undefined): ToolkitItem[];
}

interface View {
  tools: RegisteredTool[];
  byNamespace: Map<string, RegisteredTool[]>;
  positions: Map<string | undefined, Set<number>>;
  toolkits: ToolkitItem[] | undefined;
}

/** Builds the per-caller views of a tool set; a WeakMap keyed by the filter lets each view go with its caller. */
export function createVisibleTools(tools: readonly RegisteredTool[]): VisibleTools {
  const position = new Map(tools.map((tool, index) => [tool, index]));
  const views = new WeakMap<AllowFilter, View>();

  const viewOf = (allowed: AllowFilter): View => {
    let view = views.get(allowed);
    if (view) return view;
    const visible = tools.filter((tool) => allowed(tool.name));
    const byNamespace = groupBy(visible, (tool) => tool.namespace);
    view = { tools: visible, byNamespace, positions: new Map(), toolkits: undefined };
    views.set(allowed, view);
    return view;
  };

  const toolsOf = (allowed: AllowFilter, namespace: string | undefined) => {
    const view = viewOf(allowed);
    return namespace === undefined ? view.tools : (view.byNamespace.get(namespace) ?? []);
  };

  return {
    of: toolsOf,
    positions(allowed, namespace) {
      const view = viewOf(allowed);
      let set = view.positions.get(namespace);
      if (!set) {
        set = new Set(toolsOf(allowed, namespace).map((tool) => position.get(tool) as number));
        view.positions.set(namespace, set);
      }
      return set;
    },
    namespaces: (allowed) => viewOf(allowed).byNamespace,
    toolkits(allowed, namespace) {
      const view = viewOf(allowed);
      view.toolkits ??= visibleToolkits(tools, allowed);
      if (namespace === undefined) return view.toolkits;
      return view.toolkits.filter((toolkit) => toolkit.tools.some((name) => name.startsWith(`${namespace}.`)));
    },
  };
}

/** Toolkits whose every member the caller may use: showing a partial one would reveal the hidden members exist. */
function visibleToolkits(tools: readonly RegisteredTool[], allowed: AllowFilter): ToolkitItem[] {
  const groups = groupBy(
    tools.filter((tool) => tool.definition.toolkit !== undefined),
    (tool) => tool.definition.toolkit as string,
  );
  return [...groups]
    .filter(([, members]) => members.every((tool) => allowed(tool.name)))
    .map(([name, members]) => ({ name, tools: members.map((tool) => tool.name) }));
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
