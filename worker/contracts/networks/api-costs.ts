import { z } from "zod/mini";
import { networkSchema, type Network } from "./rules.ts";

/**
 * What a network's paid API costs Chorus per call, in micro-dollars (millionths of a US dollar, integers), and the
 * date of the rate table: X's (pay-per-use since 2026-02-06; its published rates are in ./x/api-costs.ts, and the one
 * config place, worker/config.ts, may replace them). Bluesky's API is free.
 */
export const apiRatesSchema = z.object({
  asOf: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  createPost: z.number().check(z.int(), z.nonnegative()),
  createPostWithUrl: z.number().check(z.int(), z.nonnegative()),
  readPost: z.number().check(z.int(), z.nonnegative()),
  readOwnData: z.number().check(z.int(), z.nonnegative()),
});
export type ApiRates = z.infer<typeof apiRatesSchema>;

/** The network whose API Chorus pays for per call, and its rates: what the advertisers' estimates and reports price. */
export type PaidApi = { network: Network; rates: ApiRates };

/**
 * Reads of one post until it matures: the metric poll schedule (decision 008) asks at 15 min, 30 min, 1 h, 2 h, 4 h,
 * 8 h, 16 h, 28 h, 40 h and 48 h after posting.
 */
export const READS_PER_POST = 10;

export type ApiCostEstimate = {
  posts: number;
  creators: number;
  /** Per post: creating it (with a URL when the campaign requires a link) and its reads. */
  perPostMicros: number;
  /** Per creator: reading their own account at sign-in. */
  perCreatorMicros: number;
  totalMicros: number;
};

/** The network's bill for `posts` posts by `creators` creators, at `rates`. Integers throughout. */
export function estimateApiCost(rates: ApiRates, input: { posts: number; creators: number; postsCarryUrl: boolean }): ApiCostEstimate {
  const create = input.postsCarryUrl ? rates.createPostWithUrl : rates.createPost;
  const perPostMicros = create + READS_PER_POST * rates.readPost;
  const perCreatorMicros = rates.readOwnData;
  return {
    posts: input.posts,
    creators: input.creators,
    perPostMicros,
    perCreatorMicros,
    totalMicros: input.posts * perPostMicros + input.creators * perCreatorMicros,
  };
}

/**
 * Micro-dollars as dollars and cents for people ($0.015 stays exact: rates are shown to the tenth of a cent), as
 * `toLocaleString("en-US")` writes them with two to three decimals, but without Intl: the browser shows it in the
 * console, and its first Intl formatter is a long task on a phone (docs/decisions/031-no-tap-lost.md).
 */
export function formatMicroDollars(micros: number): string {
  const mills = Math.round(micros / 1_000);
  const whole = String(Math.trunc(mills / 1_000)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = mills % 1_000;
  const decimals = fraction % 10 === 0 ? String(fraction / 10).padStart(2, "0") : String(fraction).padStart(3, "0");
  return `$${whole}.${decimals}`;
}

/** What a campaign has had the paid network do so far (counted as it happens, migrations 0061 and 0071). */
export type ApiUsage = { postsCreated: number; postsWithUrl: number; postReads: number };

export const apiCostIncurredSchema = z.object({
  /** The network whose API the figures are for. */
  network: networkSchema,
  /** The date of the rate table the figures are priced at. */
  ratesAsOf: z.string(),
  postsWithoutUrl: z.number().check(z.int()),
  postsWithUrl: z.number().check(z.int()),
  postReads: z.number().check(z.int()),
  /** Micro-dollars: each line at its rate, and their sum. */
  postsWithoutUrlMicros: z.number().check(z.int()),
  postsWithUrlMicros: z.number().check(z.int()),
  postReadsMicros: z.number().check(z.int()),
  totalMicros: z.number().check(z.int()),
});
export type ApiCostIncurred = z.infer<typeof apiCostIncurredSchema>;

/** The campaign's bill so far: its posts (with a link at the dearer rate) and the reads of them, at the network's rates. */
export function incurredApiCost({ network, rates }: PaidApi, usage: ApiUsage): ApiCostIncurred {
  const postsWithoutUrl = usage.postsCreated - usage.postsWithUrl;
  const postsWithoutUrlMicros = postsWithoutUrl * rates.createPost;
  const postsWithUrlMicros = usage.postsWithUrl * rates.createPostWithUrl;
  const postReadsMicros = usage.postReads * rates.readPost;
  return {
    network,
    ratesAsOf: rates.asOf,
    postsWithoutUrl,
    postsWithUrl: usage.postsWithUrl,
    postReads: usage.postReads,
    postsWithoutUrlMicros,
    postsWithUrlMicros,
    postReadsMicros,
    totalMicros: postsWithoutUrlMicros + postsWithUrlMicros + postReadsMicros,
  };
}
