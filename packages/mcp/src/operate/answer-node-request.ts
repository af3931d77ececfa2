import type { IncomingMessage, ServerResponse } from "node:http";

/** A Fetch-style route: a response for the requests it knows, undefined for the others. */
export type Route = (request: Request) => Promise<Response | undefined>;

/**
 * Answers a Node request with a route when the route knows it; resolves false, having read nothing, when it does not.
 * The route sees the method, URL and headers, not the body: it answers only bodiless GET-style requests.
 */
export async function answerNodeRequest(route: Route, request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  // The Host header is the caller's to choose, so the URL is built on a fixed origin; routes read only the path.
  let webRequest: Request;
  try {
    webRequest = new Request(new URL(request.url ?? "/", "http://localhost"), { method: request.method ?? "GET", headers });
  } catch {
    // A method Fetch forbids (CONNECT, TRACE) or a path URL cannot read: not one of the routes' requests.
    return false;
  }
  const answer = await route(webRequest);
  if (!answer) return false;
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  response.end(request.method === "HEAD" ? undefined : Buffer.from(await answer.arrayBuffer()));
  return true;
}
