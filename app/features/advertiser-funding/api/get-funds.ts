import { queryOptions, useQuery } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { advertiserFundsSchema, type AdvertiserFunds } from "@contracts/advertiser-funding.ts";
import { fundingKeys } from "./funding-keys";

/** `GET /v1/advertiser/{advertiserId}/funds`: available funding per currency and the deposits. */
export function getFunds(advertiserId: string): Promise<AdvertiserFunds> {
  return browserClients().api.get(`/v1/advertiser/${encodeURIComponent(advertiserId)}/funds`, advertiserFundsSchema);
}

/** The account's funds, starting from what the server rendered, polled every 2 s while a deposit is pending. */
export function useFunds(advertiserId: string, initialData: AdvertiserFunds) {
  return useQuery(
    queryOptions({
      queryKey: fundingKeys.funds(advertiserId),
      queryFn: () => getFunds(advertiserId),
      initialData,
      staleTime: 10_000,
      refetchInterval: (query) => (query.state.data?.deposits.some((deposit) => deposit.status === "pending") ? 2000 : false),
    }),
  );
}
