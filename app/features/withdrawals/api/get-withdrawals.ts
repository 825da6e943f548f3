import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "~/lib/api/on-demand";
import { isInFlight } from "@contracts/withdrawal-rules.ts";
import type { WithdrawalList } from "@contracts/withdrawals.ts";
import { withdrawalKeys } from "./withdrawal-keys";

/** While a withdrawal is verifying or pending, the list is asked again this often (pending → completed takes seconds). */
export const WITHDRAWALS_POLL_MS = 3_000;

/** `GET /v1/withdrawal?currency=`: the signed-in creator's withdrawals, newest first. */
export async function getWithdrawals(currency?: string): Promise<WithdrawalList> {
  const [api, { withdrawalListSchema }] = await Promise.all([apiClient(), import("@contracts/withdrawals.ts")]);
  return api.get("/v1/withdrawal", withdrawalListSchema, { query: { currency } });
}

export function withdrawalsQueryOptions(options: { currency?: string } = {}) {
  return queryOptions({
    queryKey: withdrawalKeys.list(options.currency),
    queryFn: () => getWithdrawals(options.currency),
    select: (response) => response.withdrawals,
    // Polls only while something is in flight; settled lists are still refreshed on focus.
    refetchInterval: (query) => (query.state.data?.withdrawals.some((item) => isInFlight(item.status)) ? WITHDRAWALS_POLL_MS : false),
    refetchOnWindowFocus: true,
  });
}

/** The creator's withdrawals (all currencies, or one). */
export function useWithdrawals(options: { currency?: string; enabled?: boolean } = {}) {
  return useQuery({ ...withdrawalsQueryOptions(options), enabled: options.enabled ?? true });
}
