import { EmptyState } from "~/components/ui/empty-state";
import { formatCount, formatPercent } from "~/lib/format";
import type { FunnelRow } from "@contracts/funnel.ts";
import "./advertiser-reports.css";

/** `part / whole` as a percentage (SPEC.md section 5), or a dash when nobody reached the step before. */
function stepShare(part: number, whole: number): string {
  return whole === 0 ? "—" : formatPercent(part / whole);
}

/**
 * The landing → sign-in → join funnel on an advertiser's reports: distinct visitors (devices) per step, per utm
 * campaign, and per campaign on the account's report. Counts come from visitors who allowed analytics, over all time.
 */
export function FunnelSection({ funnel, perCampaign }: { funnel: FunnelRow[]; perCampaign: boolean }) {
  return (
    <section className="advertiser-page report-funnel" aria-labelledby="report-funnel-title">
      <h2 id="report-funnel-title">Landing → Sign-in → Join</h2>
      {funnel.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title="No visitors counted yet"
          text="Events appear here once visitors who allow analytics arrive on your landing page and campaigns."
        />
      ) : (
        <div className="report-table-wrap" tabIndex={0} role="region" aria-labelledby="report-funnel-caption">
          <table className="report-table">
            <caption id="report-funnel-caption">Visitors per step, by utm campaign (all time; visitors who allow analytics)</caption>
            <thead>
              <tr>
                {perCampaign ? (
                  <th scope="col" className="report-funnel-label">
                    Campaign
                  </th>
                ) : null}
                <th scope="col" className="report-funnel-label">
                  utm campaign
                </th>
                <th scope="col">Landing</th>
                <th scope="col">Sign-in</th>
                <th scope="col">Landing → sign-in</th>
                <th scope="col">Join</th>
                <th scope="col">Sign-in → join</th>
              </tr>
            </thead>
            <tbody>
              {funnel.map((row) => (
                <tr key={`${row.campaignId}/${row.utmCampaign ?? ""}`}>
                  {perCampaign ? <td className="report-funnel-name">{row.campaignName}</td> : null}
                  <th scope="row">{row.utmCampaign ?? <span className="muted">(none)</span>}</th>
                  <td>{formatCount(row.landingViews)}</td>
                  <td>{formatCount(row.signInClicks)}</td>
                  <td>{stepShare(row.signInClicks, row.landingViews)}</td>
                  <td>{formatCount(row.joins)}</td>
                  <td>{stepShare(row.joins, row.signInClicks)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
