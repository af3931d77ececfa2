import { createServer } from "node:net";

// Ports handed out by this process. A port is free only until something binds it, and a cluster takes several
// before starting any of its processes: the OS may offer a closed port again, so the same one is never given twice.
const given = new Set<number>();

/** A TCP port on 127.0.0.1 that nothing listens on now (the OS picks it), never one this process was given before. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await unboundPort();
    if (given.has(port)) continue;
    given.add(port);
    return port;
  }
}

function unboundPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("No port was assigned."))));
    });
  });
}
