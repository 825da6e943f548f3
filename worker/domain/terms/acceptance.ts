import type { Capabilities } from "../../capabilities.ts";
import { AppError } from "../../contracts/errors.ts";
import type { CurrentTerms, TermsAcceptance } from "../../contracts/terms.ts";
import { markNotificationReadByKeyStatement } from "../../db/notifications.ts";
import { runQuery } from "../../db/query.ts";
import {
  acceptanceQuery,
  findTerms,
  insertAcceptanceStatement,
  latestTermsForUserQuery,
  latestTermsQuery,
  termsNotificationDedupePrefix,
} from "../../db/terms.ts";
import { termsVersionView } from "./publish-terms.ts";

type Deps = Pick<Capabilities, "db" | "clock">;

/** `GET /v1/terms`: the version in force and whether (when) the user accepted it. */
export async function currentTermsOf({ db }: Pick<Capabilities, "db">, userId: string): Promise<CurrentTerms> {
  const current = await runQuery(latestTermsForUserQuery(db, userId));
  return current === null ? { terms: null, acceptedAt: null } : { terms: termsVersionView(current.terms), acceptedAt: current.acceptedAt };
}

/**
 * `POST /v1/terms/{termsId}/accept`: the user accepts the version in force (an older one: 409, a newer one exists; an
 * unknown one: 404). Accepting again answers the first acceptance; the version's notification is marked read with it.
 */
export async function acceptTerms({ db, clock }: Deps, userId: string, termsId: string): Promise<TermsAcceptance> {
  const [terms, latest] = await Promise.all([findTerms(db, termsId), runQuery(latestTermsQuery(db))]);
  if (terms === null) {
    throw new AppError(404, "not_found", "There are no terms with this id.", [{ loc: ["path", "termsId"], msg: "no such terms version" }]);
  }
  if (latest !== null && latest.id !== terms.id) {
    throw new AppError(409, "terms_superseded", `Newer terms (from ${latest.effectiveDate}) replace these: accept those instead.`, [
      { loc: ["path", "termsId"], msg: "is not the version in force" },
    ]);
  }
  const now = clock.now();
  await db.batch([
    insertAcceptanceStatement(db, userId, terms.id, now),
    markNotificationReadByKeyStatement(db, `${termsNotificationDedupePrefix(terms.id)}${userId}`, now),
  ]);
  const acceptance = await runQuery(acceptanceQuery(db, userId, terms.id));
  if (acceptance === null) throw new Error(`The acceptance of ${terms.id} by ${userId} was neither inserted nor found`);
  return { termsId: terms.id, acceptedAt: acceptance.acceptedAt };
}
