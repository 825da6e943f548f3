import { queryOptions, useQuery } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { walletTypesSchema, type WalletTypes } from "@contracts/wallets.ts";
import { walletKeys } from "~/lib/queries/wallet-keys";

/** `GET /v1/wallet/type`: the wallet types, their labels and address hints, and the currencies each can receive. */
export function getWalletTypes(): Promise<WalletTypes> {
  return browserClients().api.get("/v1/wallet/type", walletTypesSchema);
}

export function walletTypesQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.types(),
    queryFn: getWalletTypes,
    select: (response) => response.data,
    // The types change only with a release.
    staleTime: 60 * 60 * 1000,
  });
}

export function useWalletTypes() {
  return useQuery(walletTypesQueryOptions());
}
