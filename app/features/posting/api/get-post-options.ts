import { queryOptions, useQuery } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { postOptionsSchema, type PostOptions } from "@contracts/posts.ts";

/** `GET /v1/action/post/options`: the campaigns the creator can post to now, and whether X lets Chorus post for them. */

export const postOptionsKeys = {
  all: ["post-editor", "options"] as const,
};

export function getPostOptions(): Promise<PostOptions> {
  return browserClients().api.get("/v1/action/post/options", postOptionsSchema);
}

export function postOptionsQueryOptions() {
  return queryOptions({
    queryKey: postOptionsKeys.all,
    queryFn: getPostOptions,
    staleTime: 0,
  });
}

export function usePostOptions() {
  return useQuery(postOptionsQueryOptions());
}
