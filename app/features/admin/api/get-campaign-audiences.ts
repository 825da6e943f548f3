import { useInfiniteQuery, type InfiniteData } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { campaignAudiencePageSchema, type CampaignAudiencePage } from "@contracts/admin.ts";
import { adminKeys } from "./admin-keys";

/** `GET /v1/admin/notification-audiences/campaigns?q=&after=`: a page of the notification form's campaign picker. */
export function getCampaignAudiences(q: string, after: string | null): Promise<CampaignAudiencePage> {
  return browserClients().api.get("/v1/admin/notification-audiences/campaigns", campaignAudiencePageSchema, {
    query: { q: q === "" ? null : q, after },
  });
}

/**
 * The picker's pages for a search (`""`: the most recently published), one more page per `fetchNextPage`. The first
 * page of `""` came with the server-rendered page (`firstPage`) and is not fetched again.
 */
export function useCampaignAudiences(q: string, firstPage: CampaignAudiencePage) {
  return useInfiniteQuery({
    queryKey: adminKeys.campaignAudiences(q),
    queryFn: ({ pageParam }) => getCampaignAudiences(q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    ...(q === ""
      ? { initialData: { pages: [firstPage], pageParams: [null] } satisfies InfiniteData<CampaignAudiencePage, string | null> }
      : {}),
    staleTime: 60_000,
  });
}
