import type { Capabilities } from "../../capabilities.ts";
import type { CurrentUser } from "../../contracts/current-user.ts";
import { currentUserFor } from "../accounts/current-user.ts";
import type { SignedInSession } from "../../contracts/current-user.ts";

/**
 * What every document needs before its first byte: who is signed in (null for visitors and ended accounts). Its read
 * goes out in the same D1 batch as the page's data (worker/db/query.ts), so it has no Server-Timing entry of its own.
 */
export async function documentUser(capabilities: Pick<Capabilities, "db">, session: SignedInSession | null): Promise<CurrentUser | null> {
  return session === null ? null : currentUserFor(capabilities, session);
}
