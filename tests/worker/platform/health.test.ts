import { describe, expect, it } from "vitest";
import { fetchWorker } from "../support/fetch.ts";

describe("health checks", () => {
  it("answers /ping with pong", async () => {
    const response = await fetchWorker("/ping");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("pong");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("reports D1 and KV as up on /up", async () => {
    const response = await fetchWorker("/up");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "up", database: "up", cache: "up" });
  });

  it("answers unknown API paths with the JSON error shape", async () => {
    const response = await fetchWorker("/v1/nothing-here");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      status: 404,
      code: "not_found",
      message: "No API endpoint at /v1/nothing-here",
    });
  });
});
