import type { Capabilities } from "../../capabilities.ts";
import type { UserRole } from "../../contracts/vocabulary.ts";
import { userHasRole } from "../../db/users.ts";

/** Whether the user holds the role (an admin acting as someone is checked with that someone's roles). */
export function hasRole({ db }: Pick<Capabilities, "db">, userId: string, role: UserRole): Promise<boolean> {
  return userHasRole(db, userId, role);
}
