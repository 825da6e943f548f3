import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createApiClient } from "~/lib/api/http-client";
import { createSessionTokens } from "~/lib/api/session-tokens";
import { createTokenStorage } from "~/lib/api/token-storage";
import { closeServer, listenOn } from "../../emulators/shared/serving.ts";

/**
 * The browser's API client over real HTTP, for its unit tests: the client as the app builds it on in-memory token
 * storage, and a stand-in for the worker to talk to.
 */

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

/**
 * The API client as the app builds it, against `baseUrl`, with `initial` in the browser's token storage (an `xhr` for
 * uploads where Node has no XMLHttpRequest); the storage and how many times the page was reloaded are there to read.
 */
export function browserApiClient(baseUrl: string, initial: Record<string, string>, xhr?: () => XMLHttpRequest) {
  const storage = new Map(Object.entries(initial));
  const tokens = createTokenStorage({
    getItem: (key) => storage.get(key) ?? null,
    setItem: (key, value) => void storage.set(key, value),
    removeItem: (key) => void storage.delete(key),
  });
  let reloads = 0;
  const session = createSessionTokens({ fetch, tokens, baseUrl, reload: () => (reloads += 1) });
  const api = createApiClient({ fetch, session, baseUrl, ...(xhr === undefined ? {} : { xhr }) });
  return { api, storage, reloads: () => reloads };
}
