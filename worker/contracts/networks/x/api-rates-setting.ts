import { type } from "arktype";
import type { ApiRates } from "../api-costs.ts";

/**
 * X's API rates in micro-dollars with the date of their table:
 * `asOf=2026-04-20,createPost=15000,createPostWithUrl=200000,readPost=5000,readOwnData=1000` (every part required).
 */
export const xRatesSetting = type("string").pipe((value, ctx): ApiRates | ReturnType<typeof ctx.error> => {
  const parts = new Map(value.split(",").map((part) => part.trim().split("=", 2) as [string, string | undefined]));
  const asOf = parts.get("asOf") ?? "";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf)) return ctx.error({ problem: "must start with asOf=YYYY-MM-DD, the date of X's rate table" });
  const micros = (name: string) => {
    const text = parts.get(name) ?? "";
    return /^\d{1,9}$/.test(text) ? Number(text) : null;
  };
  const rates = {
    createPost: micros("createPost"),
    createPostWithUrl: micros("createPostWithUrl"),
    readPost: micros("readPost"),
    readOwnData: micros("readOwnData"),
  };
  const missing = Object.entries(rates)
    .filter(([, rate]) => rate === null)
    .map(([name]) => name);
  if (missing.length > 0) return ctx.error({ problem: `must give ${missing.join(", ")} in whole micro-dollars (e.g. createPost=15000)` });
  return {
    asOf,
    createPost: rates.createPost ?? 0,
    createPostWithUrl: rates.createPostWithUrl ?? 0,
    readPost: rates.readPost ?? 0,
    readOwnData: rates.readOwnData ?? 0,
  };
});
