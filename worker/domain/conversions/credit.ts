import type { ValidConversionEvent } from "../../contracts/conversions.ts";
import type { EventToStore } from "../../db/conversions.ts";
import type { CustomerAttribution } from "../../db/referral-links.ts";
import type { ResolvedClick } from "../referrals/resolve-clicks.ts";

/** What an event's click or customer id credits it to, or why it credits nothing (the wallet may still). */
export type Credit = { via: "click" | "customer" | null; campaignId: string | null; creatorId: string | null; reason?: string };

export type KnownIds = {
  advertiserId: string;
  /** The batch's click ids read from the ids themselves, within their window. */
  clicks: ReadonlyMap<string, Pick<ResolvedClick, "campaignId" | "advertiserId" | "creatorUserId" | "expiresAt">>;
  /** The batch's customer ids credited to a click earlier, within the window. */
  customers: readonly CustomerAttribution[];
  /** The batch's order ids counted for the account in the last 7 days, with the event that counted each. */
  recentOrders: ReadonlyMap<string, string>;
};

export type CreditedBatch = {
  /** The events to store, each with what its click or customer id credited. */
  toStore: EventToStore[];
  byEventId: Map<string, Credit>;
  /** Customers seen with a click in this batch: later events naming only the customer are credited to that click. */
  customersToRemember: Array<CustomerAttribution & { expiresAt: number }>;
  /** Events not stored because their order id was counted already, with the reason. */
  countedOrders: Map<string, string>;
};

const ORDER_COUNTED = "its orderId was counted for this account in the last 7 days, under another event id";
const CLICK_ELSEWHERE = "its clickId is from a campaign of another account";
const CLICK_UNKNOWN = "its clickId is unknown, or past its campaign's attribution window";

/**
 * Deferred attribution (docs/decisions/043-referral-links.md): a click id credits the click's campaign and creator;
 * a customer id first seen with a click credits that click for its window (also later in the same batch); an order
 * id counts once per account for 7 days (also within the batch). Pure: the caller looked every id up.
 */
export function creditEvents(events: readonly ValidConversionEvent[], known: KnownIds): CreditedBatch {
  const customers = new Map(known.customers.map((customer) => [customer.customerId, customer]));
  const ordersInBatch = new Map<string, string>();
  const batch: CreditedBatch = { toStore: [], byEventId: new Map(), customersToRemember: [], countedOrders: new Map() };
  for (const event of events) {
    if (event.orderId !== null) {
      const countedBy = known.recentOrders.get(event.orderId) ?? ordersInBatch.get(event.orderId);
      if (countedBy !== undefined && countedBy !== event.eventId) {
        batch.countedOrders.set(event.eventId, ORDER_COUNTED);
        continue;
      }
      ordersInBatch.set(event.orderId, event.eventId);
    }
    const credit = creditOf(event, known, customers);
    if (
      credit.via === "click" &&
      event.customerId !== null &&
      event.clickId !== null &&
      credit.campaignId !== null &&
      credit.creatorId !== null
    ) {
      const click = known.clicks.get(event.clickId);
      const remembered = {
        customerId: event.customerId,
        clickId: event.clickId,
        campaignId: credit.campaignId,
        creatorUserId: credit.creatorId,
        expiresAt: click?.expiresAt ?? 0,
      };
      customers.set(event.customerId, remembered);
      batch.customersToRemember.push(remembered);
    }
    batch.byEventId.set(event.eventId, credit);
    batch.toStore.push({ ...event, campaignId: credit.campaignId, creatorId: credit.creatorId, via: credit.via });
  }
  return batch;
}

function creditOf(event: ValidConversionEvent, known: KnownIds, customers: ReadonlyMap<string, CustomerAttribution>): Credit {
  let reason: string | undefined;
  if (event.clickId !== null) {
    const click = known.clicks.get(event.clickId);
    if (click !== undefined && click.advertiserId === known.advertiserId) {
      return { via: "click", campaignId: click.campaignId, creatorId: click.creatorUserId };
    }
    reason = click === undefined ? CLICK_UNKNOWN : CLICK_ELSEWHERE;
  }
  const customer = event.customerId === null ? undefined : customers.get(event.customerId);
  if (customer !== undefined) return { via: "customer", campaignId: customer.campaignId, creatorId: customer.creatorUserId };
  return { via: null, campaignId: null, creatorId: null, ...(reason === undefined ? {} : { reason }) };
}
