import type { Attribution, FirstTouchField, UtmField } from "@contracts/analytics.ts";
import { firstTouchFields, utmFields } from "@contracts/analytics-names.ts";

/**
 * Attribution (SPEC.md section 3): the utm values and the invitation id of the page's query string. The last touch is
 * the latest visit that carried any utm value, the first touch the earliest (stored once under `first_` names, never
 * overwritten). Kept whatever the consent: sign-in attribution is part of the product, not analytics.
 */
export type AttributionStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const firstTouchOf = (field: UtmField): FirstTouchField => `first_${field}`;

function nonEmpty(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** The attribution values of one query string: utm values and `invite_id` (or its spelling `invitationId`). */
export function touchOf(search: string): Attribution {
  const query = new URLSearchParams(search);
  const touch: Attribution = {};
  for (const field of utmFields) {
    const value = nonEmpty(query.get(field));
    if (value !== undefined) touch[field] = value;
  }
  const invite = nonEmpty(query.get("invite_id")) ?? nonEmpty(query.get("invitationId"));
  if (invite !== undefined) touch.invite_id = invite;
  return touch;
}

/** Every attribution value this browser keeps. */
export function storedAttribution(storage: Pick<Storage, "getItem">): Attribution {
  const stored: Attribution = {};
  for (const field of [...utmFields, ...firstTouchFields, "invite_id"] as const) {
    const value = nonEmpty(storage.getItem(field));
    if (value !== undefined) stored[field] = value;
  }
  return stored;
}

/** Records the page's touch: the five utm values replace the last touch together; the first touch is written once. */
export function rememberAttribution(search: string, storage: AttributionStorage): Attribution {
  const touch = touchOf(search);
  const touchedUtm = utmFields.some((field) => touch[field] !== undefined);
  if (touchedUtm) {
    const firstTouchTaken = firstTouchFields.some((field) => storage.getItem(field) !== null);
    for (const field of utmFields) {
      const value = touch[field];
      if (value === undefined) storage.removeItem(field);
      else storage.setItem(field, value);
      if (!firstTouchTaken && value !== undefined) storage.setItem(firstTouchOf(field), value);
    }
  }
  if (touch.invite_id !== undefined) storage.setItem("invite_id", touch.invite_id);
  return storedAttribution(storage);
}

/**
 * The values a read login carries: what this browser stored, with the page's own query values winning (a page with
 * utm values replaces the whole last touch). Without storage (the server's render) only the page's values.
 */
export function loginAttribution(search: string, storage: Pick<Storage, "getItem"> | null): Attribution {
  const stored = storage === null ? {} : storedAttribution(storage);
  const page = touchOf(search);
  const lastTouchSource = utmFields.some((field) => page[field] !== undefined) ? page : stored;
  const merged: Attribution = {};
  for (const field of firstTouchFields) if (stored[field] !== undefined) merged[field] = stored[field];
  for (const field of utmFields) if (lastTouchSource[field] !== undefined) merged[field] = lastTouchSource[field];
  const invite = page.invite_id ?? stored.invite_id;
  if (invite !== undefined) merged.invite_id = invite;
  return merged;
}
