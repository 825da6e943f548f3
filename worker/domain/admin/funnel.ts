import type { Capabilities } from "../../capabilities.ts";
import type { AdminFunnel } from "../../contracts/admin.ts";
import { listFunnel } from "../analytics/funnel.ts";

/** The landing → sign-in → join counts per campaign and utm campaign, for every advertiser or one. */
export async function adminFunnel(caps: Pick<Capabilities, "db">, filter: { advertiserId?: string }): Promise<AdminFunnel> {
  return { rows: await listFunnel(caps, filter) };
}
