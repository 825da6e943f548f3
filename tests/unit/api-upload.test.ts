import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiRequestError, parseApiErrorBody } from "~/lib/api/http-client";
import { tokenStorageKeys } from "~/lib/api/token-storage";
import { bodyBytes, browserApiClient, sendJson, startStandInServer } from "../support/api-client-harness.ts";

/**
 * Uploads go through the API client's XMLHttpRequest transport (for progress) and so through its one 401 path: the
 * same refresh-once-and-retry, and the same end of the session on an "X:" message. Node has no XMLHttpRequest, so a
 * small stand-in sends with fetch to a real HTTP server that behaves like the worker.
 */
type ServerState = { refreshCalls: number; requests: string[]; endSessionFor: string | null };

let baseUrl: string;
let closeServer: () => Promise<void>;
let state: ServerState;

beforeEach(async () => {
  state = { refreshCalls: 0, requests: [], endSessionFor: null };
  ({ baseUrl, close: closeServer } = await startStandInServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const auth = request.headers.authorization ?? "";
    const body = await bodyBytes(request);
    state.requests.push(`${request.method} ${url.pathname} ${auth} ${request.headers["content-type"] ?? ""} ${body.length}`);
    if (url.pathname === "/auth/token") {
      state.refreshCalls += 1;
      const pair = z.object({ refreshToken: z.string(), accessToken: z.string() }).parse(JSON.parse(body.toString()));
      if (pair.refreshToken !== "refresh-1") return sendJson(response, 401, { message: "Refresh token not recognised" });
      return sendJson(response, 200, { accessToken: "access-2", refreshToken: "refresh-2" });
    }
    if (state.endSessionFor !== null && auth === `Bearer ${state.endSessionFor}`) {
      return sendJson(response, 401, { message: "X: Your session has ended. Please sign in again." });
    }
    if (auth !== "Bearer access-2") return sendJson(response, 401, { message: "Access token expired" });
    if (url.pathname === "/v1/too-large") {
      return sendJson(response, 413, { status: 413, code: "too_large", message: "Images can be at most 5 MB." });
    }
    if (url.pathname === "/v1/proxy") {
      response.writeHead(502, { "Content-Type": "text/html" });
      return response.end("<html><body>Bad gateway</body></html>");
    }
    return sendJson(response, 201, { id: "att_1", bytes: body.length });
  }));
});

afterEach(() => closeServer());

/** Just enough of XMLHttpRequest for the transport, sending with fetch. */
class FetchBackedXhr {
  status = 0;
  responseText = "";
  timeout = 0;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = "GET";
  private url = "";
  private readonly headers: Record<string, string> = {};
  private readonly controller = new AbortController();

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  abort() {
    this.controller.abort();
  }

  send(body: Blob) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: body.size, total: body.size });
    fetch(this.url, { method: this.method, headers: this.headers, body, signal: this.controller.signal }).then(
      async (response) => {
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      },
      (error: unknown) => (error instanceof Error && error.name === "AbortError" ? this.onabort?.() : this.onerror?.()),
    );
  }
}

const browser = (initial: Record<string, string>) =>
  browserApiClient(baseUrl, initial, () => new FetchBackedXhr() as unknown as XMLHttpRequest);

const signedIn = { [tokenStorageKeys.accessToken]: "access-1", [tokenStorageKeys.refreshToken]: "refresh-1" };
const stored = z.object({ id: z.string(), bytes: z.number() });
const image = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4])]);

function uploadOptions(progress: number[] = []) {
  return { body: image, contentType: "image/png", timeoutMs: 5_000, onProgress: (fraction: number) => void progress.push(fraction) };
}

describe("an upload through the API client", () => {
  it("sends the file with the bearer token and reports progress", async () => {
    const { api } = browser({ access_token: "access-2", refresh_token: "refresh-2" });
    const progress: number[] = [];
    await expect(api.upload("/v1/upload", stored, uploadOptions(progress))).resolves.toEqual({ id: "att_1", bytes: 12 });
    expect(state.requests).toEqual(["POST /v1/upload Bearer access-2 image/png 12"]);
    expect(progress).toEqual([1]);
  });

  it("refreshes once on a 401 and sends the file again with the new token", async () => {
    const { api, storage, reloads } = browser(signedIn);
    await expect(api.upload("/v1/upload", stored, uploadOptions())).resolves.toEqual({ id: "att_1", bytes: 12 });
    expect(state.refreshCalls).toBe(1);
    expect(state.requests.filter((request) => request.startsWith("POST /v1/upload"))).toEqual([
      "POST /v1/upload Bearer access-1 image/png 12",
      "POST /v1/upload Bearer access-2 image/png 12",
    ]);
    expect(storage.get("access_token")).toBe("access-2");
    expect(reloads()).toBe(0);
  });

  it("ends the session on a message starting with X:, without trying to refresh (as every API call does)", async () => {
    state.endSessionFor = "access-1";
    const { api, storage, reloads } = browser(signedIn);
    await expect(api.upload("/v1/upload", stored, uploadOptions())).rejects.toThrow("Your session has ended");
    expect(state.refreshCalls).toBe(0);
    expect([...storage.keys()]).toEqual([]);
    expect(reloads()).toBe(1);
  });

  it("ends the session when the refresh fails", async () => {
    const { api, storage, reloads } = browser({ access_token: "access-1", refresh_token: "stolen" });
    await expect(api.upload("/v1/upload", stored, uploadOptions())).rejects.toThrow();
    expect(state.refreshCalls).toBe(1);
    expect(storage.size).toBe(0);
    expect(reloads()).toBe(1);
  });

  it("throws the server's error as an ApiRequestError, and a proxy's page as one without a body", async () => {
    const { api } = browser({ access_token: "access-2", refresh_token: "refresh-2" });
    const refused = await api.upload("/v1/too-large", stored, uploadOptions()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiRequestError);
    expect(refused).toMatchObject({ status: 413, body: { code: "too_large", message: "Images can be at most 5 MB." } });
    const proxied = await api.upload("/v1/proxy", stored, uploadOptions()).catch((error: unknown) => error);
    expect(proxied).toBeInstanceOf(ApiRequestError);
    expect(proxied).toMatchObject({ status: 502, body: null, message: "Request failed with status 502" });
  });
});

describe("the error body the browser reads", () => {
  it("is the server's error shape, read leniently: any field may be missing, an errors list is kept", () => {
    expect(
      parseApiErrorBody({
        status: 422,
        code: "invalid",
        message: "Check the form.",
        detail: [{ loc: ["body", "content"], msg: "must not be empty" }],
      }),
    ).toEqual({
      status: 422,
      code: "invalid",
      message: "Check the form.",
      detail: [{ loc: ["body", "content"], msg: "must not be empty" }],
    });
    expect(parseApiErrorBody({ message: "Bad gateway" })).toEqual({ message: "Bad gateway" });
    expect(parseApiErrorBody({ errors: ["one", "two"], extra: true })).toEqual({ errors: ["one", "two"], extra: true });
    expect(parseApiErrorBody({})).toEqual({});
    expect(parseApiErrorBody(null)).toBeNull();
    expect(parseApiErrorBody("<html>")).toBeNull();
    expect(parseApiErrorBody({ message: 42 })).toBeNull();
  });
});
