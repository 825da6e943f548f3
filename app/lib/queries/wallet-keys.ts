/**
 * Every wallet query sits under `walletKeys.all`: invalidating it refreshes them all (types, every list). Shared with
 * the wallet list query (./wallets.ts), which the withdrawals feature reads too.
 */
export const walletKeys = {
  all: ["wallets"] as const,
  types: () => [...walletKeys.all, "types"] as const,
  lists: () => [...walletKeys.all, "list"] as const,
  list: (currency?: string) => [...walletKeys.lists(), currency ?? "all"] as const,
};
