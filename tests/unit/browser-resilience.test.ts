import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isNewBuildDeployed } from "~/lib/build-check";
import { CHUNK_RELOAD_GUARD_MS, claimChunkReload, isChunkLoadError } from "~/lib/chunk-reload";
import { fetchIcons } from "~/lib/icons";

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe("the chunk reload guard", () => {
  it("reloads once per path within 10 seconds", () => {
    const storage = memoryStorage();
    const start = Date.UTC(2026, 10, 22);
    expect(claimChunkReload(storage, "/campaigns", start)).toBe(true);
    expect(claimChunkReload(storage, "/campaigns", start + 2_000)).toBe(false);
    expect(claimChunkReload(storage, "/campaigns", start + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false);
    expect(claimChunkReload(storage, "/campaigns", start + CHUNK_RELOAD_GUARD_MS)).toBe(true);
  });

  it("allows a reload for another path at once", () => {
    const storage = memoryStorage();
    expect(claimChunkReload(storage, "/campaigns", 1_000)).toBe(true);
    expect(claimChunkReload(storage, "/profile", 1_500)).toBe(true);
  });

  it("recognises the browsers' messages for a chunk that failed to load", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/campaigns-1.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new Error("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Network request failed"))).toBe(false);
  });
});

let server: Server | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await new Promise((resolve) => (server === undefined ? resolve(undefined) : server.close(resolve)));
  server = undefined;
});

async function serve(handler: (path: string) => { status: number; body: string }): Promise<string> {
  server = createServer((request, response) => {
    const { status, body } = handler(request.url ?? "/");
    response.writeHead(status, { "Content-Type": "application/json" });
    response.end(body);
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server?.address() as AddressInfo).port}`;
}

describe("the new-build check", () => {
  it("asks builds/latest.json with a timestamp and compares the id with the running build", async () => {
    const seen: string[] = [];
    const origin = await serve((path) => {
      seen.push(path);
      return { status: 200, body: JSON.stringify({ id: "build-2", timestamp: 2 }) };
    });
    const fetcher: typeof fetch = (input, init) => fetch(new URL(String(input), origin), init);
    expect(await isNewBuildDeployed("build-1", fetcher, 1_700_000_000_000)).toBe(true);
    expect(await isNewBuildDeployed("build-2", fetcher, 1_700_000_000_001)).toBe(false);
    expect(seen).toEqual(["/builds/latest.json?1700000000000", "/builds/latest.json?1700000000001"]);
  });

  it("treats a failed or odd answer as no news", async () => {
    const origin = await serve(() => ({ status: 200, body: '{"version":3}' }));
    const fetcher: typeof fetch = (input, init) => fetch(new URL(String(input), origin), init);
    expect(await isNewBuildDeployed("build-1", fetcher, 1)).toBe(false);
  });
});

describe("the icon loader", () => {
  it("returns the icons of a valid answer", async () => {
    const origin = await serve(() => ({ status: 200, body: JSON.stringify({ prefix: "lucide", icons: { clock: { body: "<g/>" } } }) }));
    expect(await fetchIcons(`${origin}/icons`, "lucide", ["clock"], fetch)).toEqual({
      prefix: "lucide",
      icons: { clock: { body: "<g/>" } },
    });
  });

  it("logs 'Failed to load custom icons' and returns nothing for an answer of another collection", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const origin = await serve(() => ({ status: 200, body: JSON.stringify({ prefix: "mdi", icons: {} }) }));
    expect(await fetchIcons(`${origin}/icons`, "lucide", ["clock"], fetch)).toEqual({ prefix: "lucide", icons: {} });
    expect(warn).toHaveBeenCalledWith("Failed to load custom icons");
  });

  it("gives up after the fetch timeout", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    server = createServer(() => undefined);
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect(await fetchIcons(origin, "lucide", ["clock"], fetch)).toEqual({ prefix: "lucide", icons: {} });
    expect(warn).toHaveBeenCalledWith("Failed to load custom icons");
    server.closeAllConnections();
  });
});

describe("zod in the browser", () => {
  it("parses without eval (which the content security policy forbids) once the root's setting has loaded", async () => {
    await import("~/lib/zod-without-eval");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    expect(z.object({ name: z.string() }).parse({ name: "Ada", extra: 1 })).toEqual({ name: "Ada" });
  });
});
