import type { Capabilities } from "../../capabilities.ts";
import { AppError } from "../../contracts/errors.ts";
import type { PublishedTerms, PublishTerms, TermsVersion } from "../../contracts/terms.ts";
import { recordAudit } from "../../db/audit-log.ts";
import { closeOlderFanOutsStatement, findTermsByKey, insertTermsVersionStatement, type TermsRow } from "../../db/terms.ts";
import { defaultTermsFanOutLimits, sendTermsPages, termsNotifiedCount, type TermsFanOutLimits } from "./fan-out.ts";

type Deps = Pick<Capabilities, "db" | "clock">;

export function termsVersionView(terms: Pick<TermsRow, "id" | "effectiveDate" | "summary" | "publishedAt">): TermsVersion {
  return { id: terms.id, effectiveDate: terms.effectiveDate, summary: terms.summary, publishedAt: terms.publishedAt };
}

function replay(earlier: TermsRow, input: PublishTerms): void {
  if (earlier.effectiveDate !== input.effectiveDate || earlier.summary !== input.summary) {
    throw new AppError(409, "idempotency_key_reused", "This Idempotency-Key was already used for other terms: send a new one.", [
      { loc: ["header", "Idempotency-Key"], msg: "was already used for other terms" },
    ]);
  }
}

/**
 * `POST /v1/admin/terms` (docs/decisions/032-spec-server-items.md section 2): an admin records that new terms are in
 * force from a date, with a summary of what changed (the text itself ships in app/content/articles/terms.md). The
 * version is stored, older versions still being sent out stop, and the first pages of creators are notified at once;
 * the scheduler notifies the rest. The same Idempotency-Key again answers the same version and publishes nothing.
 */
export async function publishTerms(
  deps: Deps,
  adminUserId: string,
  input: PublishTerms,
  idempotencyKey: string,
  limits: Pick<TermsFanOutLimits, "pageSize" | "pagesPerBatch"> = defaultTermsFanOutLimits,
): Promise<PublishedTerms> {
  const { db, clock } = deps;
  const earlier = await findTermsByKey(db, idempotencyKey);
  if (earlier !== null) {
    replay(earlier, input);
    return {
      terms: termsVersionView(earlier),
      notified: await termsNotifiedCount(deps, earlier.id),
      fanOutDone: earlier.fanOutDoneAt !== null,
      replayed: true,
    };
  }
  const now = clock.now();
  const terms = {
    id: `trm_${crypto.randomUUID()}`,
    effectiveDate: input.effectiveDate,
    summary: input.summary,
    publishedBy: adminUserId,
    publishedAt: now,
    idempotencyKey,
  };
  const [inserted] = await db.batch([insertTermsVersionStatement(db, terms), closeOlderFanOutsStatement(db, terms.id, now)]);
  if ((inserted?.meta.changes ?? 0) === 0) {
    // A concurrent call with the same key got there first: answer what it published.
    const winner = await findTermsByKey(db, idempotencyKey);
    if (winner === null) throw new Error(`Terms with key ${idempotencyKey} were neither inserted nor found`);
    replay(winner, input);
    return { terms: termsVersionView(winner), notified: await termsNotifiedCount(deps, winner.id), fanOutDone: false, replayed: true };
  }
  const progress = await sendTermsPages(deps, terms, limits);
  await recordAudit(db, {
    action: "admin.terms.published",
    actorUserId: adminUserId,
    subjectUserId: null,
    outcome: "allowed",
    detail: { termsId: terms.id, effectiveDate: terms.effectiveDate, idempotencyKey, notifiedAtOnce: progress.notified },
    at: now,
  });
  return { terms: termsVersionView(terms), notified: progress.notified, fanOutDone: progress.done, replayed: false };
}
