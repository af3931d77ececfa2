import { CodeModeError, isCodeModeError, type ResourceInfo, type ResourceSource } from "@codemode/core";
import { ProtocolError } from "@modelcontextprotocol/client";
import type { Upstream } from "../upstream/index.js";

// MCP's "resource not found" error code; servers built on SDK 1.x answer an unknown uri with invalid params instead.
const RESOURCE_NOT_FOUND = -32002;

/**
 * The script's `resources` over the upstreams: the namespace is the server id, a listing of every namespace skips
 * servers that are down or offer no resources, and an unknown server or uri is `NOT_FOUND`.
 */
export function createUpstreamResources(upstreams: readonly Upstream[]): ResourceSource {
  const byId = new Map(upstreams.map((upstream) => [upstream.id, upstream]));
  const notFound = (namespace: string, uri: string) => new CodeModeError("NOT_FOUND", `No resource ${uri} is available in ${namespace}.`);
  return {
    async list({ namespace }, { signal }) {
      if (namespace !== undefined) {
        const upstream = byId.get(namespace);
        return upstream ? toInfos(namespace, await upstream.listResources({ signal })) : [];
      }
      const lists = await Promise.all(
        upstreams.map((upstream) => upstream.listResources({ signal }).then((found) => toInfos(upstream.id, found), () => [])),
      );
      return lists.flat();
    },
    async read({ namespace, uri }, { signal }) {
      const upstream = byId.get(namespace);
      if (!upstream) throw notFound(namespace, uri);
      try {
        const { contents } = await upstream.readResource(uri, { signal });
        return contents.map((content) => {
          const base = { uri: content.uri, ...(content.mimeType ? { mimeType: content.mimeType } : {}) };
          return "blob" in content ? { ...base, blob: content.blob } : { ...base, text: content.text };
        });
      } catch (error) {
        const cause = isCodeModeError(error) ? error.cause : error;
        if (cause instanceof ProtocolError && (cause.code === RESOURCE_NOT_FOUND || /not found/i.test(cause.message))) throw notFound(namespace, uri);
        throw error;
      }
    },
  };
}

function toInfos(namespace: string, resources: readonly { uri: string; name: string; title?: string; description?: string; mimeType?: string; size?: number }[]): ResourceInfo[] {
  return resources.map(({ uri, name, title, description, mimeType, size }) => ({
    namespace,
    uri,
    name,
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
    ...(mimeType === undefined ? {} : { mimeType }),
    ...(size === undefined ? {} : { size }),
  }));
}
