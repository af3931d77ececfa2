import { connect } from "node:net";

/**
 * Sends one command to a Redis server and resolves to its reply as text (a status, a bulk string or an integer);
 * an error reply rejects. Enough for PING, INFO and CONFIG GET, so the harness needs no Redis client.
 */
export function redisCommand(port: number, args: readonly string[], timeoutMs = 2_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port });
    let buffer = Buffer.alloc(0);
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () => fail(new Error(`Redis on port ${port} did not answer ${args[0]} within ${timeoutMs} ms.`)));
    socket.once("error", fail);
    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const reply = parseReply(buffer);
      if (reply === undefined) return;
      socket.end();
      if (reply instanceof Error) reject(reply);
      else resolve(reply);
    });
    socket.write(`*${args.length}\r\n${args.map((arg) => `$${Buffer.byteLength(arg)}\r\n${arg}\r\n`).join("")}`);
  });
}

/** The reply in `buffer`, or undefined while it is incomplete; arrays come back as their elements, one a line. */
function parseReply(buffer: Buffer): string | Error | undefined {
  const parsed = parseAt(buffer, 0);
  return parsed?.value;
}

function parseAt(buffer: Buffer, start: number): { value: string | Error; end: number } | undefined {
  const lineEnd = buffer.indexOf("\r\n", start);
  if (lineEnd === -1) return undefined;
  const head = buffer.toString("utf8", start + 1, lineEnd);
  switch (String.fromCharCode(buffer[start] ?? 0)) {
    case "+":
    case ":":
      return { value: head, end: lineEnd + 2 };
    case "-":
      return { value: new Error(`Redis: ${head}`), end: lineEnd + 2 };
    case "$": {
      const length = Number(head);
      if (length < 0) return { value: "", end: lineEnd + 2 };
      if (buffer.length < lineEnd + 2 + length + 2) return undefined;
      return { value: buffer.toString("utf8", lineEnd + 2, lineEnd + 2 + length), end: lineEnd + 2 + length + 2 };
    }
    case "*": {
      const values: string[] = [];
      let end = lineEnd + 2;
      for (let index = 0; index < Number(head); index++) {
        const element = parseAt(buffer, end);
        if (element === undefined) return undefined;
        values.push(element.value instanceof Error ? element.value.message : element.value);
        end = element.end;
      }
      return { value: values.join("\n"), end };
    }
    default:
      return { value: new Error(`Redis sent a reply the harness cannot read: ${JSON.stringify(head)}`), end: lineEnd + 2 };
  }
}
