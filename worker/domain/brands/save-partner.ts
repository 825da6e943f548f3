import type { Capabilities } from "../../capabilities.ts";
import { AppError } from "../../contracts/errors.ts";
import type { PartnerInput } from "../../contracts/partners.ts";
import { recordAuditStatement } from "../../db/audit-log.ts";
import { findPartner, findThemeOwner, hostnamesHeldByOthers, listHostnamesOfPartner, replacePartnerStatements } from "../../db/partners.ts";
import { brandCacheKey, forgetBrands } from "./resolve-brand.ts";

/**
 * Registers or changes a partner and its hostnames in D1, then drops the cached brand of every hostname it had or
 * has, so the next request sees the change instead of waiting for the cache to expire. A hostname or theme that
 * belongs to another partner is refused (409), naming it. Every change is audited with the admin who made it.
 */
export async function savePartner(
  { db, brandCache, clock }: Pick<Capabilities, "db" | "brandCache" | "clock">,
  adminId: string,
  partnerId: string,
  input: PartnerInput,
): Promise<{ created: boolean }> {
  const taken = await hostnamesHeldByOthers(db, partnerId, input.hostnames);
  if (taken.length > 0) {
    const names = taken.join(", ");
    throw new AppError(409, "hostname_taken", `Already used by another partner: ${names}`, [
      { loc: ["body", "hostnames"], msg: `already used by another partner: ${names}` },
    ]);
  }
  if ((await findThemeOwner(db, input.theme, partnerId)) !== null) {
    throw new AppError(409, "theme_taken", `The theme ${input.theme} belongs to another partner`, [
      { loc: ["body", "theme"], msg: "belongs to another partner" },
    ]);
  }
  const now = clock.now();
  const [existing, previousHostnames] = await Promise.all([findPartner(db, partnerId), listHostnamesOfPartner(db, partnerId)]);
  const partner = {
    id: partnerId,
    theme: input.theme,
    displayName: input.displayName,
    primaryColor: input.primaryColor,
    accentColor: input.accentColor,
    logoUrl: input.logoUrl,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  };
  await db.batch([
    ...replacePartnerStatements(db, partner, input.hostnames),
    recordAuditStatement(db, {
      action: existing === null ? "admin.partner.created" : "admin.partner.changed",
      actorUserId: adminId,
      subjectUserId: null,
      outcome: "allowed",
      detail: {
        partnerId,
        before:
          existing === null
            ? null
            : {
                theme: existing.theme,
                displayName: existing.displayName,
                primaryColor: existing.primaryColor,
                accentColor: existing.accentColor,
                logoUrl: existing.logoUrl,
                hostnames: previousHostnames,
              },
        after: input,
      },
      at: now,
    }),
  ]);
  const affected = new Set([...previousHostnames, ...input.hostnames.map((host) => host.toLowerCase())]);
  await Promise.all([...affected].map((hostname) => brandCache.delete(brandCacheKey(hostname))));
  forgetBrands(brandCache, affected);
  return { created: existing === null };
}
