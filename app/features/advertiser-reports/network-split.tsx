import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { Money } from "~/components/ui/money";
import { formatCount, formatPercent } from "~/lib/format";
import type { NetworkTotals, Report } from "@contracts/reports.ts";
import type { ReactNode } from "react";

function NetworkCard({ figures, currencies }: { figures: NetworkTotals; currencies: readonly string[] }) {
  const items: Array<[string, ReactNode]> = [
    ["Posts", formatCount(figures.posts)],
    ["Impressions", figures.reportsImpressions ? formatCount(figures.impressions) : `Not published by ${figures.name}`],
    ["Engagement", formatCount(figures.engagement)],
    ["Eligible share", figures.eligibleShare === null ? "—" : formatPercent(figures.eligibleShare)],
    ...currencies.map((currency): [string, ReactNode] => [
      `Rewards earned (${currency})`,
      <Money key={currency} amount={figures.rewards[currency] ?? 0} currency={currency} />,
    ]),
  ];
  return (
    <Card as="li" title={figures.name} headingLevel={3} className="report-network">
      <dl>
        {items.map(([label, value]) => (
          <div key={label} className="report-network-figure">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/**
 * The report's figures per network (docs/decisions/049-reports-by-network.md), beside the totals: a card per network
 * the scope runs on, or, when it runs on one only, a sentence saying every figure is that network's.
 */
export function NetworkSplit({ report }: { report: Report }) {
  const { networks } = report;
  const [only] = networks;
  if (only === undefined) return null;
  const subject = report.campaign === null ? "This account's campaigns run" : "This campaign runs";
  const currencies = [...new Set([...report.currencies, ...networks.flatMap((network) => Object.keys(network.rewards))])].sort();
  return (
    <section aria-labelledby="report-networks-title">
      <h2 id="report-networks-title">By network</h2>
      {networks.length === 1 ? (
        <EmptyState
          headingLevel={3}
          title={`Only on ${only.name}`}
          text={`${subject} on ${only.name} only, so every figure above is ${only.name}'s: there is no split to show.`}
        />
      ) : (
        <>
          <p className="report-note">
            Each post counts on the day it was posted. Spend and conversions belong to a campaign, not to a network, so only the totals have
            them.
          </p>
          <ul className="report-networks" aria-label="Figures by network">
            {networks.map((figures) => (
              <NetworkCard key={figures.network} figures={figures} currencies={currencies} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
