// The names packages/mcp/README.md's blocks leave to the reader: the apps the gateway is mounted in, declared by the
// one route method the README calls, so the check needs neither Hono nor Express installed.
import type { IncomingMessage, ServerResponse } from "node:http";

/** A Hono app, as far as the README uses it. */
export declare const app: { all(path: string, handler: (c: { req: { raw: Request } }) => Promise<Response>): void };

/** An Express app, as far as the README uses it. */
export declare const expressApp: {
  all(path: string, handler: (request: IncomingMessage, response: ServerResponse) => Promise<void>): void;
};
