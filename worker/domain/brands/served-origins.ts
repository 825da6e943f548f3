import type { Capabilities } from "../../capabilities.ts";
import { isPartnerHostname } from "../../db/partners.ts";

/** Whether an origin is one this deployment serves: an app origin or a registered partner hostname. */
export function servedOriginCheck({ db, config }: Pick<Capabilities, "db" | "config">): (origin: string) => Promise<boolean> {
  return async (origin) => config.appOrigins.includes(origin) || isPartnerHostname(db, new URL(origin).hostname);
}
