import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { closeServer, listenOn } from "../../emulators/shared/serving.ts";

/**
 * A real HTTP server on a free loopback port that answers as `handle` does: a stand-in for the worker, for unit tests
 * of the browser's API client over real HTTP.
 */
export async function startStandInServer(
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<unknown>,
): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => void handle(request, response));
  const baseUrl = await listenOn(server, 0, "127.0.0.1", "The stand-in server");
  return { baseUrl, close: () => closeServer(server) };
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

/** The request's whole body. */
export async function bodyBytes(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
