import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "~/lib/api/on-demand";
import type { Wallet, WalletList } from "@contracts/wallets.ts";
import { walletKeys } from "./wallet-keys";

/*
 * Shared by two features: wallets lists and manages them, withdrawals sends money to a verified one. The wallets
 * feature's other calls are in app/features/wallets/api/.
 */

/** `GET /v1/wallet?currency=`: the signed-in creator's wallets (not removed), oldest first, optionally of one currency. */
export async function getWallets(currency?: string): Promise<WalletList> {
  const [api, { walletListSchema }] = await Promise.all([apiClient(), import("@contracts/wallets.ts")]);
  return api.get("/v1/wallet", walletListSchema, { query: { currency } });
}

export function walletsQueryOptions(options: { currency?: string } = {}) {
  return queryOptions({
    queryKey: walletKeys.list(options.currency),
    queryFn: () => getWallets(options.currency),
    select: (response) => response.data,
  });
}

/** The creator's wallets (all, or of one currency). */
export function useWallets(options: { currency?: string } = {}) {
  return useQuery(walletsQueryOptions(options));
}

function verifiedOnly(response: WalletList): Wallet[] {
  return response.data.filter((wallet) => wallet.verified);
}

/** The wallets a withdrawal can go to: verified ones, of one currency when given. */
export function useVerifiedWallets(options: { currency?: string } = {}) {
  return useQuery({ ...walletsQueryOptions(options), select: verifiedOnly });
}
