import type { ApiRates } from "../api-costs.ts";

/** X's published API rates of 2026-04-20 (pay-per-use since 2026-02-06), unless `X_API_RATES` replaces them. */
export const xPublishedRates: ApiRates = {
  asOf: "2026-04-20",
  createPost: 15_000,
  createPostWithUrl: 200_000,
  readPost: 5_000,
  readOwnData: 1_000,
};
