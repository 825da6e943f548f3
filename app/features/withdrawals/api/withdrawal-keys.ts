/** Every withdrawal query sits under `withdrawalKeys.all`: invalidating it refreshes them all. */
export const withdrawalKeys = {
  all: ["withdrawals"] as const,
  lists: () => [...withdrawalKeys.all, "list"] as const,
  list: (currency?: string) => [...withdrawalKeys.lists(), currency ?? "all"] as const,
};
