import { queryOptions, useQuery } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { adminFunnelSchema, type AdminFunnel } from "@contracts/admin.ts";
import { adminKeys } from "./admin-keys";

/** `GET /v1/admin/analytics/funnel?advertiserId=`: every advertiser's rows when `advertiserId` is null. */
export function getFunnel(advertiserId: string | null): Promise<AdminFunnel> {
  return browserClients().api.get("/v1/admin/analytics/funnel", adminFunnelSchema, { query: { advertiserId } });
}

export function funnelQueryOptions(advertiserId: string | null) {
  return queryOptions({ queryKey: adminKeys.funnel(advertiserId), queryFn: () => getFunnel(advertiserId), staleTime: 60_000 });
}

/** Loaded in the browser when the analytics section is shown (it is not part of the server-rendered page). */
export function useFunnel(advertiserId: string | null) {
  return useQuery(funnelQueryOptions(advertiserId));
}
