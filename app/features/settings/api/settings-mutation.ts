import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UserSettings } from "@contracts/settings.ts";
import { settingsKeys } from "./get-settings";
import { useRefreshCurrentUser } from "./refresh-current-user";

/**
 * A settings change: on success the answer's settings go into the cache at once, then every settings query is
 * refetched (`settingsKeys.all`) and the current user of the whole page is refreshed; `onSuccess` runs once they are.
 * A refusal refetches the settings too (a refusal can lock two-factor checks), and is reported once they are.
 * `networkMode: "always"`: offline, it fails at once with its message instead of waiting for the connection.
 */
export function useSettingsMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
  settingsOf: (result: Result) => UserSettings | null,
) {
  const queryClient = useQueryClient();
  const refreshCurrentUser = useRefreshCurrentUser();
  return useMutation({
    mutationFn,
    networkMode: "always",
    onSuccess: async (result) => {
      const settings = settingsOf(result);
      if (settings !== null) queryClient.setQueryData(settingsKeys.current(), settings);
      await Promise.all([queryClient.invalidateQueries({ queryKey: settingsKeys.all }), refreshCurrentUser()]);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
