import { CodeModeError } from "@codemode/core";

// A Host header is a name or address and an optional port; anything else (userinfo, a path) could make the URL
// parser read another host out of it.
const HOST_HEADER = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** Where the endpoint is reached: its public URL(s), or nothing for an endpoint on loopback only. */
export interface HostAndOriginOptions {
  publicUrls?: readonly string[] | undefined;
  /** Browser origins allowed beside the public URLs' own. */
  allowedOrigins?: readonly string[] | undefined;
}

/** Why a request was turned away before anything else looked at it. */
export interface HostOrOriginRefusal {
  status: 403 | 421;
  message: string;
}

/**
 * Makes the check that defeats DNS rebinding: a browser page on another site can reach a local server under a name
 * of the attacker's, and its requests then carry that name as `Host` and the page's `Origin`. Without public URLs
 * only loopback names pass; with them, only their hosts and origins (and `allowedOrigins`). A request without
 * `Origin` is not from a browser page and passes that half.
 */
export function createHostAndOriginCheck(options: HostAndOriginOptions): (request: Request) => HostOrOriginRefusal | undefined {
  const publicUrls = (options.publicUrls ?? []).map((url) => new URL(url));
  const hostnames = new Set(publicUrls.map((url) => url.hostname));
  const hostAllowed = (hostname: string) => (publicUrls.length > 0 ? hostnames.has(hostname) : isLoopbackAddress(hostname));
  const origins = new Set([...publicUrls.map((url) => url.origin), ...(options.allowedOrigins ?? []).map((origin) => new URL(origin).origin)]);
  const originAllowed = (origin: URL) =>
    origins.has(origin.origin) || (publicUrls.length === 0 && isLoopbackAddress(origin.hostname) && origin.protocol.startsWith("http"));

  return (request) => {
    const origin = request.headers.get("origin");
    if (origin !== null) {
      const parsed = parse(origin);
      // An origin is only scheme, host and port; anything more is not one a browser sent.
      if (!parsed || parsed.origin !== origin || !originAllowed(parsed)) return { status: 403, message: `Forbidden: the Origin ${JSON.stringify(origin)} is not allowed.` };
    }
    const host = request.headers.get("host") ?? new URL(request.url).host;
    const hostname = isHostHeader(host) ? parse(`http://${host}`)?.hostname : undefined;
    if (!hostname || !hostAllowed(hostname)) return misdirected(host);
    return undefined;
  };
}

/** Whether a `Host` header is a name or address with an optional port, and nothing a URL parser could read more into. */
export function isHostHeader(host: string): boolean {
  return HOST_HEADER.test(host);
}

/** The refusal of a request whose `Host` is not one of this gateway's names. */
export function misdirected(host: string): HostOrOriginRefusal {
  return { status: 421, message: `Misdirected request: the Host ${JSON.stringify(host)} is not this gateway's.` };
}

/** Whether a listen address is one only this machine can reach. */
export function isLoopbackAddress(host: string): boolean {
  return ["localhost", "::1", "[::1]"].includes(host.toLowerCase()) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function parse(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** What decides whether an endpoint may be served: where it is reached, and whether callers must authenticate. */
export interface ExposureOptions {
  /** The address a listener binds; undefined for a handler mounted in another server. */
  host?: string | undefined;
  publicUrls?: readonly string[] | undefined;
  authenticated: boolean;
  allowUnauthenticated?: boolean | undefined;
}

/**
 * Refuses, with an `INVALID_CONFIG` error, an endpoint reachable beyond this machine that anyone could use: without
 * authentication, every caller could run scripts with every upstream's tools. A non-loopback address also needs a
 * public URL, the only name its Host check accepts.
 */
export function assertSafeExposure(options: ExposureOptions): void {
  const { host, publicUrls = [] } = options;
  const boundOutside = host !== undefined && !isLoopbackAddress(host);
  const named = publicUrls.filter((url) => !isLoopbackAddress(new URL(url).hostname));
  if ((boundOutside || named.length > 0) && !options.authenticated && !options.allowUnauthenticated) {
    const where = boundOutside ? host : named[0];
    throw new CodeModeError(
      "INVALID_CONFIG",
      `Refusing to serve ${where} without authentication: anyone who can reach it could run scripts with every upstream's tools. ` +
        'Configure "auth" (bearer tokens or oauth), or set "http": { "allowUnauthenticated": true } to serve it anyway.',
      { details: { key: "auth" } },
    );
  }
  if (boundOutside && publicUrls.length === 0) {
    throw new CodeModeError(
      "INVALID_CONFIG",
      `Serving ${host} needs "http": { "publicUrl" }: the URL clients reach the gateway by, such as "https://mcp.example.com/mcp"; ` +
        "only its host is accepted in the Host header.",
      { details: { key: "http.publicUrl" } },
    );
  }
}
