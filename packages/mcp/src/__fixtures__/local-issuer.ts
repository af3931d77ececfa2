// An OAuth authorization server of the test's own: its keys, its RFC 8414 metadata document and its JWKS, served
// over real HTTP on loopback, and a way to mint access tokens with any claims, header or key.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type CryptoKey, type JWTPayload } from "jose";

export interface LocalKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: Record<string, unknown>;
}

export interface LocalIssuer {
  /** The issuer identifier, `http://127.0.0.1:<port>`. */
  readonly issuer: string;
  /** How many times the JWKS was fetched. */
  readonly jwksFetches: number;
  /** A new RS256 key; not published until {@link LocalIssuer.publish} names it. */
  newKey(kid: string): Promise<LocalKey>;
  /** Publishes exactly these keys in the JWKS. */
  publish(...keys: LocalKey[]): void;
  /** A signed access token: the issuer, `sub`, a 5-minute lifetime and `claims` (which override them). */
  sign(key: LocalKey, claims: JWTPayload, header?: { kid?: string; alg?: string }): Promise<string>;
  /** An unsigned token (`alg: none`) with the same defaults. */
  unsigned(claims: JWTPayload): string;
  close(): Promise<void>;
}

export async function startLocalIssuer(): Promise<LocalIssuer> {
  let published: LocalKey[] = [];
  let jwksFetches = 0;
  let issuer = "";
  const server: Server = createServer((request, response) => {
    const send = (body: unknown) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (request.url === "/.well-known/oauth-authorization-server") {
      return send({ issuer, jwks_uri: `${issuer}/jwks`, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token` });
    }
    if (request.url === "/jwks") {
      jwksFetches++;
      return send({ keys: published.map((key) => key.publicJwk) });
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const defaults = () => {
    const now = Math.floor(Date.now() / 1000);
    return { iss: issuer, sub: "alice", iat: now, exp: now + 300 };
  };
  return {
    issuer,
    get jwksFetches() {
      return jwksFetches;
    },
    async newKey(kid) {
      const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
      return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" } };
    },
    publish(...keys) {
      published = keys;
    },
    async sign(key, claims, header = {}) {
      return new SignJWT({ ...defaults(), ...claims })
        .setProtectedHeader({ alg: header.alg ?? "RS256", kid: header.kid ?? key.kid, typ: "at+jwt" })
        .sign(key.privateKey);
    },
    unsigned: (claims) => new UnsecuredJWT({ ...defaults(), ...claims }).encode(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
