import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import {
  apiKeyListSchema,
  apiKeySchema,
  createdApiKeySchema,
  type ApiKey,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from "@contracts/api-keys.ts";
import { advertiserKeys } from "~/lib/queries/advertiser-keys";

/** The query key of an account's API keys (under `advertiserKeys.all`, so invalidating that refreshes it too). */
export const apiKeysQueryKey = (advertiserId: string) => [...advertiserKeys.all, advertiserId, "api-keys"] as const;

function keysPath(advertiserId: string): string {
  return `/v1/advertiser/${encodeURIComponent(advertiserId)}/api-keys`;
}

/** `GET /v1/advertiser/{advertiserId}/api-keys`: every key, revoked ones included, without secrets. */
export async function getApiKeys(advertiserId: string): Promise<ApiKey[]> {
  const { data } = await browserClients().api.get(keysPath(advertiserId), apiKeyListSchema);
  return data;
}

/** The account's API keys, starting from what the server rendered. */
export function useApiKeys(advertiserId: string, initialData: ApiKey[]) {
  return useQuery(
    queryOptions({
      queryKey: apiKeysQueryKey(advertiserId),
      queryFn: () => getApiKeys(advertiserId),
      initialData,
      staleTime: 30_000,
    }),
  );
}

/** `POST /v1/advertiser/{advertiserId}/api-keys`: the answer holds the secret, shown once. */
export function createApiKey(advertiserId: string, input: CreateApiKeyBody): Promise<CreatedApiKey> {
  return browserClients().api.post(keysPath(advertiserId), createdApiKeySchema, { body: input });
}

export function useCreateApiKey(advertiserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyBody) => createApiKey(advertiserId, input),
    networkMode: "always",
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(advertiserId) }),
  });
}

/** `DELETE /v1/advertiser/{advertiserId}/api-keys/{id}`: the key is refused from the next call on. */
export function revokeApiKey(advertiserId: string, id: string): Promise<ApiKey> {
  return browserClients().api.delete(`${keysPath(advertiserId)}/${encodeURIComponent(id)}`, apiKeySchema);
}

export function useRevokeApiKey(advertiserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeApiKey(advertiserId, id),
    networkMode: "always",
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(advertiserId) }),
  });
}
