import { describe, expect, it } from "vitest";
import type { ValidConversionEvent } from "../../worker/contracts/conversions.ts";
import type { ResolvedClick } from "../../worker/domain/referrals/resolve-clicks.ts";
import { creditEvents, type KnownIds } from "../../worker/domain/conversions/credit.ts";

const event = (
  eventId: string,
  ids: Partial<Pick<ValidConversionEvent, "clickId" | "customerId" | "orderId">> = {},
): ValidConversionEvent => ({
  eventId,
  type: "purchase",
  walletAddress: "0x00000000000000000000000000000000000000aa",
  addressKey: "0x00000000000000000000000000000000000000aa",
  chain: "evm",
  value: 100,
  currency: "USDC",
  occurredAt: 1_800_000_000_000,
  metadata: null,
  clickId: null,
  customerId: null,
  orderId: null,
  reversesEventId: null,
  ...ids,
});

const click = (clickId: string, advertiserId: string): ResolvedClick => ({
  clickId,
  code: "0123456789ab",
  campaignId: "cmp-spring",
  advertiserId,
  creatorUserId: "usr-ada",
  at: 1_800_000_000_000,
  attributionWindowDays: 30,
  expiresAt: 1_802_592_000_000,
  byCreator: false,
  deviceHash: "00000000000000d1",
  addressHash: "00000000000000a1",
});

const known = (overrides: Partial<KnownIds> = {}): KnownIds => ({
  advertiserId: "adv-shop",
  clicks: new Map(),
  customers: [],
  recentOrders: new Map(),
  ...overrides,
});

describe("crediting a batch of conversions", () => {
  it("credits a click id to its creator and remembers the customer seen with it, for later events of the same batch too", () => {
    const batch = creditEvents(
      [event("lead", { clickId: "clk_1", customerId: "cust-1" }), event("sale", { customerId: "cust-1" })],
      known({ clicks: new Map([["clk_1", click("clk_1", "adv-shop")]]) }),
    );
    expect([...batch.byEventId]).toEqual([
      ["lead", { via: "click", campaignId: "cmp-spring", creatorId: "usr-ada" }],
      ["sale", { via: "customer", campaignId: "cmp-spring", creatorId: "usr-ada" }],
    ]);
    expect(batch.customersToRemember).toEqual([
      { customerId: "cust-1", clickId: "clk_1", campaignId: "cmp-spring", creatorUserId: "usr-ada", expiresAt: 1_802_592_000_000 },
    ]);
    expect(batch.toStore.map((stored) => [stored.eventId, stored.via, stored.creatorId])).toEqual([
      ["lead", "click", "usr-ada"],
      ["sale", "customer", "usr-ada"],
    ]);
  });

  it("credits a customer id remembered from an earlier call", () => {
    const batch = creditEvents(
      [event("sale", { customerId: "cust-7" })],
      known({ customers: [{ customerId: "cust-7", clickId: "clk_9", campaignId: "cmp-autumn", creatorUserId: "usr-bob" }] }),
    );
    expect(batch.byEventId.get("sale")).toEqual({ via: "customer", campaignId: "cmp-autumn", creatorId: "usr-bob" });
    expect(batch.customersToRemember).toEqual([]);
  });

  it("does not credit another account's click, nor an unknown one, and says which; the wallet may still", () => {
    const batch = creditEvents(
      [event("a", { clickId: "clk_theirs" }), event("b", { clickId: "clk_gone" }), event("c")],
      known({ clicks: new Map([["clk_theirs", click("clk_theirs", "adv-other")]]) }),
    );
    expect([...batch.byEventId.values()]).toEqual([
      { via: null, campaignId: null, creatorId: null, reason: "its clickId is from a campaign of another account" },
      { via: null, campaignId: null, creatorId: null, reason: "its clickId is unknown, or past its campaign's attribution window" },
      { via: null, campaignId: null, creatorId: null },
    ]);
    expect(batch.toStore).toHaveLength(3);
  });

  it("counts an order id once: not again within 7 days, nor twice in a batch; the same event id resent is left to the store", () => {
    const batch = creditEvents(
      [event("e1", { orderId: "o-1" }), event("e2", { orderId: "o-2" }), event("e3", { orderId: "o-2" }), event("e4", { orderId: "o-3" })],
      known({
        recentOrders: new Map([
          ["o-1", "e0"],
          ["o-3", "e4"],
        ]),
      }),
    );
    expect(batch.toStore.map((stored) => stored.eventId)).toEqual(["e2", "e4"]);
    expect([...batch.countedOrders.keys()]).toEqual(["e1", "e3"]);
    expect(batch.countedOrders.get("e1")).toBe("its orderId was counted for this account in the last 7 days, under another event id");
  });
});
