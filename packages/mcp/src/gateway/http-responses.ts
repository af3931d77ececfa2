/** A JSON-RPC error answered over HTTP; `id` is null when the request's own id is unknown or not to be echoed. */
export function jsonRpcError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status, headers });
}

/**
 * The same response, calling `done` once its body has been read to the end (`completed`), has failed, or was
 * cancelled (the client went away): for an SSE stream, when it closes.
 */
export function whenBodyEnds(response: Response, done: (completed: boolean) => void): Response {
  let finished = false;
  const finish = (completed: boolean) => {
    if (finished) return;
    finished = true;
    done(completed);
  };
  if (!response.body) {
    finish(true);
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = await reader.read();
        if (chunk.done) {
          finish(true);
          controller.close();
        } else controller.enqueue(chunk.value);
      } catch (error) {
        finish(false);
        controller.error(error);
      }
    },
    cancel(reason) {
      finish(false);
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
