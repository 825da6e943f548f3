import { queryOptions, useQuery } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { userSettingsSchema, type UserSettings } from "@contracts/settings.ts";

/** `GET /v1/user/settings`: the fetcher, the query options (and their keys) and the hook that reads it. */

/** Every settings query sits under `settingsKeys.all`: invalidating it refreshes them all. */
export const settingsKeys = {
  all: ["settings"] as const,
  current: () => [...settingsKeys.all, "current"] as const,
};

export function getUserSettings(): Promise<UserSettings> {
  return browserClients().api.get("/v1/user/settings", userSettingsSchema);
}

export function userSettingsQueryOptions() {
  return queryOptions({ queryKey: settingsKeys.current(), queryFn: getUserSettings });
}

/** The signed-in creator's settings. */
export function useUserSettings() {
  return useQuery(userSettingsQueryOptions());
}
