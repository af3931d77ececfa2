// Keeps a package's src/ folders in layers: a folder imports only folders of a lower layer, type-only imports
// included, so no two folders can depend on each other in either direction. Files directly in src/ (the public
// entry) may import every folder; an `entryOnly` folder (the core's testing/) imports the package only through
// src/index.ts, as a user would. A folder that is in no layer is an error, so a new folder gets its place.
import path from "node:path";
import { visitImportSources } from "./import-sources.js";
import { isPathOf } from "./path-kind.js";

const SOURCE_EXTENSIONS = /\.(?:[cm]?js|[cm]?ts|tsx|jsx)$/;

export const layers = {
  meta: {
    type: "problem",
    docs: { description: "A folder of src/ imports only folders of a lower layer." },
    schema: [
      {
        type: "object",
        properties: {
          root: { type: "string" },
          layers: { type: "array", items: { type: "array", items: { type: "string" } } },
          entryOnly: { type: "array", items: { type: "string" } },
        },
        required: ["layers"],
        additionalProperties: false,
      },
    ],
    messages: {
      upward: "{{from}}/ (layer {{fromLayer}}) may not import {{to}}/ (layer {{toLayer}}): a folder imports only folders of a lower layer.",
      unplaced: "{{folder}}/ is in no layer: give it its place in the layer table of eslint.config.js.",
      entryOnly: "{{from}}/ imports the package only through its public entry (src/index.ts), not {{to}}.",
      root: "{{from}}/ may not import the public entry src/{{to}}: it is the top of the package.",
    },
  },
  create(context) {
    const options = context.options[0];
    const root = path.resolve(context.cwd, options.root ?? "src");
    const layerOf = new Map(options.layers.flatMap((folders, layer) => folders.map((folder) => [folder, layer])));
    const entryOnly = new Set(options.entryOnly ?? []);
    const filename = context.physicalFilename;
    const from = topFolder(root, filename);
    if (from === undefined) return {};
    if (from !== "" && !layerOf.has(from) && !entryOnly.has(from)) {
      return { Program: (node) => context.report({ node, messageId: "unplaced", data: { folder: from } }) };
    }

    function check(source) {
      if (!source || typeof source.value !== "string" || !source.value.startsWith(".")) return;
      const named = path.resolve(path.dirname(filename), source.value);
      // `../catalog` names the folder, that is its index.
      const target = isPathOf("directory", named) ? path.join(named, "index") : named;
      const to = topFolder(root, target);
      if (to === undefined || to === from || from === "") return;
      if (entryOnly.has(from)) {
        if (to !== "" || !isEntry(root, target)) context.report({ node: source, messageId: "entryOnly", data: { from, to: source.value } });
        return;
      }
      if (to === "") {
        context.report({ node: source, messageId: "root", data: { from, to: path.relative(root, target) } });
        return;
      }
      const fromLayer = layerOf.get(from);
      const toLayer = layerOf.get(to);
      if (toLayer === undefined) context.report({ node: source, messageId: "unplaced", data: { folder: to } });
      else if (toLayer >= fromLayer) context.report({ node: source, messageId: "upward", data: { from, fromLayer, to, toLayer } });
    }

    return visitImportSources(check);
  },
};

/** The first folder under root that holds file ("" for a file directly in root), or undefined outside root. */
function topFolder(root, file) {
  const relative = path.relative(root, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
  const parts = relative.split(path.sep);
  return parts.length === 1 ? "" : parts[0];
}


function isEntry(root, target) {
  const relative = path.relative(root, target).replace(SOURCE_EXTENSIONS, "");
  return relative === "index" || relative === "";
}
