import { z } from "zod";
import type { ValidConversionEvent } from "../contracts/conversions.ts";
import type { Database } from "../database.ts";
import { ORDER_DEDUPLICATION_MS } from "./referral-links.ts";

/**
 * The table `conversion_events` (migration 0009), and the matching of events to verified wallets (`wallets`), their
 * users' attribution (`user_attribution`), invitations and the account's campaigns. docs/decisions/018-conversion-ingestion.md.
 */

export type StoredBatch = {
  /** The event ids stored by this call (not already there). */
  insertedEventIds: Set<string>;
  /** How many of them were matched to a verified wallet. */
  matched: number;
  /** The events matched to a verified wallet, with the campaign and creator that matching credited. */
  walletMatches: Map<string, { campaignId: string | null; creatorId: string }>;
};

/** An event with what ingestion already credited it to by its click or customer id (null: the wallet may). */
export type EventToStore = ValidConversionEvent & {
  campaignId: string | null;
  creatorId: string | null;
  via: "click" | "customer" | null;
};

/** An event whose click or customer id credited nothing (the wallet may still). */
export const withoutCredit = (event: ValidConversionEvent): EventToStore => ({ ...event, campaignId: null, creatorId: null, via: null });

/**
 * Stores a batch in one D1 batch (one transaction): an INSERT of every event from one JSON parameter through
 * json_each (a repeat of an (account, event id) changes nothing), then one UPDATE that matches this call's new
 * events (found by `received_at` = now) to a verified wallet of the same chain and address, its user, and through the
 * user's attribution (the invitation carried through sign-in, else the last, else the first utm_campaign) to a
 * campaign of THIS account and the inviting creator. `extra` statements ride along in the same batch.
 */
export async function storeConversionBatch(
  db: Database,
  advertiserId: string,
  events: EventToStore[],
  now: number,
  extra: D1PreparedStatement[] = [],
): Promise<StoredBatch> {
  const payload = JSON.stringify(events);
  const insert = db
    .prepare(
      `INSERT INTO conversion_events (advertiser_id, event_id, type, wallet_address, address_key, chain, value, currency, occurred_at,
         metadata, received_at, click_id, customer_id, order_id, campaign_id, inviter_user_id, attributed_via,
         reverses_event_id, commission_state)
       SELECT ?1, json_extract(j.value, '$.eventId'), json_extract(j.value, '$.type'), json_extract(j.value, '$.walletAddress'),
         json_extract(j.value, '$.addressKey'), json_extract(j.value, '$.chain'), json_extract(j.value, '$.value'),
         json_extract(j.value, '$.currency'), json_extract(j.value, '$.occurredAt'), json_extract(j.value, '$.metadata'), ?2,
         json_extract(j.value, '$.clickId'), json_extract(j.value, '$.customerId'), json_extract(j.value, '$.orderId'),
         json_extract(j.value, '$.campaignId'), json_extract(j.value, '$.creatorId'), json_extract(j.value, '$.via'),
         json_extract(j.value, '$.reversesEventId'),
         -- For the commission intake (docs/decisions/045-commissions.md): a reversal, or a credit with a rule for its type.
         CASE WHEN json_extract(j.value, '$.reversesEventId') IS NOT NULL OR EXISTS (
           SELECT 1 FROM commission_rules r
           WHERE r.campaign_id = json_extract(j.value, '$.campaignId') AND r.event_type = json_extract(j.value, '$.type')) THEN 'due' END
       FROM json_each(?3) AS j
       -- An order id counted for the account within 7 days under another event id is not counted again: decided here,
       -- inside the batch's transaction, so two calls racing with one order cannot both count it.
       WHERE NOT EXISTS (
         SELECT 1 FROM conversion_orders o
         WHERE o.advertiser_id = ?1 AND o.order_id = json_extract(j.value, '$.orderId') AND o.seen_at > ?2 - ${ORDER_DEDUPLICATION_MS}
           AND o.event_id != json_extract(j.value, '$.eventId'))
       ON CONFLICT (advertiser_id, event_id) DO NOTHING
       RETURNING event_id`,
    )
    .bind(advertiserId, now, payload);
  const match = db
    .prepare(
      `UPDATE conversion_events SET
         matched_user_id = m.user_id, matched_wallet_id = m.wallet_id,
         -- A click or customer credit stays (docs/decisions/043): the wallet's campaign credits only what nothing else did.
         campaign_id = CASE WHEN conversion_events.attributed_via IS NULL THEN m.campaign_id ELSE conversion_events.campaign_id END,
         inviter_user_id = CASE WHEN conversion_events.attributed_via IS NULL THEN m.inviter_user_id ELSE conversion_events.inviter_user_id END,
         -- For the commission intake, as the insert above marks what clicks and customers credit.
         commission_state = CASE WHEN conversion_events.attributed_via IS NULL AND EXISTS (
           SELECT 1 FROM commission_rules r WHERE r.campaign_id = m.campaign_id AND r.event_type = conversion_events.type)
           THEN 'due' ELSE conversion_events.commission_state END
       FROM (
         SELECT e.event_id, w.user_id, w.id AS wallet_id,
           COALESCE(ic.id, uc.id, fc.id) AS campaign_id,
           CASE WHEN ic.id IS NOT NULL THEN i.inviter_user_id END AS inviter_user_id
         FROM conversion_events e
         JOIN wallets w ON w.id = (
           SELECT w2.id FROM wallets w2
           WHERE w2.address_key = e.address_key AND w2.type = e.chain AND w2.verified_at IS NOT NULL AND w2.removed_at IS NULL
           ORDER BY w2.verified_at, w2.id LIMIT 1)
         LEFT JOIN user_attribution a ON a.user_id = w.user_id
         LEFT JOIN invitations i ON i.id = (
           SELECT i2.id FROM invitations i2 WHERE i2.id = a.invite_id
           UNION ALL SELECT i3.id FROM invitations i3 WHERE i3.public_token = a.invite_id
           LIMIT 1)
         LEFT JOIN campaigns ic ON ic.id = i.campaign_id AND ic.advertiser_id = e.advertiser_id
         LEFT JOIN campaigns uc ON uc.id = a.utm_campaign AND uc.advertiser_id = e.advertiser_id
         LEFT JOIN campaigns fc ON fc.id = a.first_utm_campaign AND fc.advertiser_id = e.advertiser_id
         WHERE e.advertiser_id = ?1 AND e.received_at = ?2 AND e.matched_user_id IS NULL
           AND e.event_id IN (SELECT json_extract(j.value, '$.eventId') FROM json_each(?3) AS j)
       ) AS m
       WHERE conversion_events.advertiser_id = ?1 AND conversion_events.event_id = m.event_id
       RETURNING event_id, campaign_id, COALESCE(inviter_user_id, matched_user_id) AS creator_id`,
    )
    .bind(advertiserId, now, payload);
  const rememberOrders = db
    .prepare(
      `INSERT INTO conversion_orders (advertiser_id, order_id, event_id, seen_at)
       SELECT ?1, json_extract(j.value, '$.orderId'), json_extract(j.value, '$.eventId'), ?2
       FROM json_each(?3) AS j
       WHERE json_extract(j.value, '$.orderId') IS NOT NULL
       ON CONFLICT (advertiser_id, order_id) DO UPDATE SET event_id = excluded.event_id, seen_at = excluded.seen_at
       WHERE conversion_orders.seen_at <= excluded.seen_at - ${ORDER_DEDUPLICATION_MS}`,
    )
    .bind(advertiserId, now, payload);
  const [inserted, matched] = await db.batch([insert, match, rememberOrders, ...extra]);
  if (inserted === undefined || matched === undefined) throw new Error("D1 answered a batch without its results");
  const rows = z.array(z.object({ event_id: z.string() })).parse(inserted.results);
  const matchedRows = z
    .array(z.object({ event_id: z.string(), campaign_id: z.string().nullable(), creator_id: z.string() }))
    .parse(matched.results);
  // RETURNING counts the rows themselves; meta.changes would add what the report rollups' triggers write (0029).
  return {
    insertedEventIds: new Set(rows.map((row) => row.event_id)),
    matched: matchedRows.length,
    walletMatches: new Map(matchedRows.map((row) => [row.event_id, { campaignId: row.campaign_id, creatorId: row.creator_id }])),
  };
}
