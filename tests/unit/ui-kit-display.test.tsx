import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { Badge } from "~/components/ui/badge";
import { DateTime, formatMoment } from "~/components/ui/date-time";
import { Money } from "~/components/ui/money";
import { HealthBadge, StatusBadge } from "~/components/ui/status-badge";

describe("Money", () => {
  it("writes integer minor units in the currency's decimals, grouped, with the currency after", () => {
    expect(renderToStaticMarkup(<Money amount={1_234_500_000} currency="USDC" />)).toBe(
      '<span class="ui-money" data-amount="1234500000" data-currency="USDC">1,234.50 USDC</span>',
    );
    expect(renderToStaticMarkup(<Money amount={1999} currency="EUR" />)).toBe(
      '<span class="ui-money" data-amount="1999" data-currency="EUR">19.99 EUR</span>',
    );
  });

  it("writes a negative amount and nothing at all", () => {
    expect(renderToStaticMarkup(<Money amount={-250} currency="USD" className="total" />)).toBe(
      '<span class="ui-money total" data-amount="-250" data-currency="USD">-2.50 USD</span>',
    );
    expect(renderToStaticMarkup(<Money amount={0} currency="USDT" />)).toContain(">0.00 USDT<");
  });

  it("refuses an amount that is not whole minor units", () => {
    expect(() => renderToStaticMarkup(<Money amount={12.5} currency="USD" />)).toThrow(RangeError);
  });
});

describe("DateTime", () => {
  const originalZone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalZone;
  });

  // 24 November 2026, 23:30 UTC: already the 25th east of Greenwich, still the 24th in UTC.
  const lateEvening = Date.UTC(2026, 10, 24, 23, 30);

  it("writes a <time> with the ISO instant and the date", () => {
    expect(renderToStaticMarkup(<DateTime value={lateEvening} />)).toBe(
      '<time class="ui-date-time" dateTime="2026-11-24T23:30:00.000Z">Nov 24, 2026</time>',
    );
  });

  it("writes the time of day in 24 hours, in UTC, saying so", () => {
    expect(renderToStaticMarkup(<DateTime value={lateEvening} format="date-time" />)).toBe(
      '<time class="ui-date-time" dateTime="2026-11-24T23:30:00.000Z">Nov 24, 2026, 23:30 UTC</time>',
    );
    expect(formatMoment(Date.UTC(2026, 0, 5, 7, 4), "time")).toBe("07:04 UTC");
    expect(formatMoment(Date.UTC(2026, 0, 5, 0, 0), "date-time")).toBe("Jan 5, 2026, 00:00 UTC");
  });

  it("writes the same words whatever the time zone of the machine rendering it", () => {
    const written = ["Pacific/Kiritimati", "America/Los_Angeles", "Asia/Kolkata"].map((zone) => {
      process.env.TZ = zone;
      return formatMoment(lateEvening, "date-time");
    });
    expect(written).toEqual(["Nov 24, 2026, 23:30 UTC", "Nov 24, 2026, 23:30 UTC", "Nov 24, 2026, 23:30 UTC"]);
  });

  it("writes a moment relative to the page's own now, with the full moment as its title", () => {
    const now = Date.UTC(2026, 10, 21, 23, 30);
    expect(renderToStaticMarkup(<DateTime value={lateEvening} relativeTo={now} />)).toBe(
      '<time class="ui-date-time" dateTime="2026-11-24T23:30:00.000Z" title="Nov 24, 2026, 23:30 UTC">in 3 days</time>',
    );
  });

  it("refuses a value that is not a moment", () => {
    expect(() => formatMoment(Number.NaN, "date")).toThrow(RangeError);
  });
});

describe("Badge", () => {
  it("is a pill with a tone, neutral unless told", () => {
    expect(renderToStaticMarkup(<Badge>Draft</Badge>)).toBe('<span class="ui-badge" data-tone="neutral">Draft</span>');
    expect(renderToStaticMarkup(<Badge tone="info">Joined</Badge>)).toBe('<span class="ui-badge" data-tone="info">Joined</span>');
  });

  it("shows a status in words, with the tone that goes with it", () => {
    expect(renderToStaticMarkup(<StatusBadge status="ending" />)).toBe(
      '<span data-status="ending" class="ui-badge" data-tone="warning">Ending soon</span>',
    );
    expect(renderToStaticMarkup(<StatusBadge status="not-eligible" />)).toBe(
      '<span data-status="not-eligible" class="ui-badge" data-tone="danger">Not eligible</span>',
    );
    expect(renderToStaticMarkup(<StatusBadge status="paid-bonus" />)).toBe(
      '<span data-status="paid-bonus" class="ui-badge" data-tone="success">Bonus paid</span>',
    );
    expect(renderToStaticMarkup(<HealthBadge health="unknown" />)).toBe(
      '<span data-health="unknown" class="ui-badge" data-tone="neutral">Not measured yet</span>',
    );
  });
});
