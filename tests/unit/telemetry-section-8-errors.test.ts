import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiRequestError, ApiServerError, createApiClient } from "~/lib/api/http-client";
import { createSessionTokens } from "~/lib/api/session-tokens";
import { createTokenStorage } from "~/lib/api/token-storage";
import { configureIcons } from "~/lib/icons";
import { isValidIconEndpoint } from "../../worker/contracts/icon-endpoint.ts";
import { expectConsoleErrors } from "../support/console-guard";

/**
 * SPEC.md section 8 items that telemetry hears about: an answer above 500 raises a global error (beside the
 * rejection the caller handles), and an invalid icon provider configuration is a console error.
 */
let server: Server;
let baseUrl: string;

beforeEach(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    // A visitor without a session cookie: no token pair to adopt.
    const status = url.pathname === "/auth/session/tokens" ? 401 : Number(url.searchParams.get("status") ?? "200");
    response.writeHead(status, { "Content-Type": "application/json" });
    response.end(JSON.stringify(status === 200 ? { ok: true } : { status, code: "upstream", message: `Upstream answered ${status}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function signedOutApi() {
  const tokens = createTokenStorage({ getItem: () => null, setItem: () => undefined, removeItem: () => undefined });
  const session = createSessionTokens({ fetch, tokens, baseUrl, reload: () => undefined });
  const raised: ApiServerError[] = [];
  const api = createApiClient({ fetch, session, baseUrl, raiseGlobalError: (error) => raised.push(error) });
  return { api, raised };
}

const okAnswer = z.object({ ok: z.boolean() });

describe("an API answer above 500", () => {
  it("raises a global error with the status and the server's message, and the call still rejects", async () => {
    const { api, raised } = signedOutApi();
    const call = api.get("/v1/balance", okAnswer, { query: { status: 503 } });
    await expect(call).rejects.toBeInstanceOf(ApiRequestError);
    await expect(call).rejects.toMatchObject({ status: 503, message: "Upstream answered 503" });
    expect(raised).toHaveLength(1);
    expect(raised[0]).toBeInstanceOf(ApiServerError);
    expect(raised[0]).toMatchObject({
      status: 503,
      serverMessage: "Upstream answered 503",
      message: "The server answered 503: Upstream answered 503",
    });
  });

  it("raises nothing for 500 itself, for a client error, or for a success", async () => {
    const { api, raised } = signedOutApi();
    await expect(api.get("/v1/balance", okAnswer, { query: { status: 500 } })).rejects.toMatchObject({ status: 500 });
    await expect(api.get("/v1/balance", okAnswer, { query: { status: 422 } })).rejects.toMatchObject({ status: 422 });
    await expect(api.get("/v1/balance", okAnswer)).resolves.toEqual({ ok: true });
    expect(raised).toEqual([]);
  });
});

describe("the icon provider configuration", () => {
  it("accepts a site path or an https URL, as the worker's ICON_ENDPOINT does", () => {
    expect(isValidIconEndpoint("/icons")).toBe(true);
    expect(isValidIconEndpoint("https://api.iconify.design")).toBe(true);
    expect(isValidIconEndpoint("http://api.iconify.design")).toBe(false);
    expect(isValidIconEndpoint("icons")).toBe(false);
    expect(isValidIconEndpoint("")).toBe(false);
  });

  it("logs an invalid endpoint as a console error that says what is accepted", () => {
    const logged = expectConsoleErrors();
    configureIcons("ftp://icons.example");
    expect(logged()).toEqual([
      'Invalid icon provider configuration: the icon endpoint must be a site path such as /icons or an https URL such as https://api.iconify.design (got "ftp://icons.example"). Icons will not load.',
    ]);
  });
});
