import { useId, useState } from "react";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { useFunnel } from "./api/get-funnel";
import { QueryState } from "./query-state";
import { formatCount, formatPercent } from "~/lib/format";
import type { FunnelRow } from "@contracts/funnel.ts";

/** A step's share of the step before it; a dash when nobody reached the step before. */
function shareText(part: number, whole: number): string {
  return whole === 0 ? "—" : formatPercent(part / whole);
}

/** The advertisers with counted visits (the others have no funnel to show), from every advertiser's rows. */
function advertisersOf(rows: readonly FunnelRow[]): Array<{ id: string; name: string }> {
  const byId = new Map<string, string>();
  for (const row of rows) byId.set(row.advertiserId, row.advertiserName);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

function FunnelTable({ rows, captionId }: { rows: FunnelRow[]; captionId: string }) {
  return (
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-labelledby={captionId}>
      <table className="admin-table">
        <caption id={captionId}>Distinct devices at each step, per campaign and utm campaign</caption>
        <thead>
          <tr>
            <th scope="col">Campaign</th>
            <th scope="col">utm campaign</th>
            <th scope="col">Landing views</th>
            <th scope="col">Sign-in clicks</th>
            <th scope="col">Joins</th>
            <th scope="col">Landing → join</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.campaignId}:${row.utmCampaign ?? ""}`}>
              <th scope="row">
                {row.campaignName}
                <span className="muted small admin-table-sub">{row.advertiserName}</span>
              </th>
              <td className="admin-table-text">{row.utmCampaign ?? <span className="muted">(none)</span>}</td>
              <td>{formatCount(row.landingViews)}</td>
              <td>
                {formatCount(row.signInClicks)}
                <span className="muted small admin-table-sub">{shareText(row.signInClicks, row.landingViews)}</span>
              </td>
              <td>
                {formatCount(row.joins)}
                <span className="muted small admin-table-sub">{shareText(row.joins, row.signInClicks)}</span>
              </td>
              <td>{shareText(row.joins, row.landingViews)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The landing → sign-in → join funnel, for every advertiser or one. */
export function FunnelCounts() {
  const id = useId();
  const [advertiserId, setAdvertiserId] = useState<string | null>(null);
  const funnel = useFunnel(advertiserId);
  const everyAdvertiser = useFunnel(null);
  const advertisers = advertisersOf(everyAdvertiser.data?.rows ?? []);

  let content: React.ReactNode;
  if (funnel.isPending || funnel.isLoadingError) {
    content = <QueryState query={funnel} loading="Loading the counts…" failed="The counts could not be loaded" />;
  } else if (funnel.data.rows.length === 0) {
    content = (
      <EmptyState
        headingLevel={3}
        title="No visits counted yet"
        text="Visitors who allow analytics are counted when they view a landing page, click Sign in and join a campaign."
      />
    );
  } else {
    content = <FunnelTable rows={funnel.data.rows} captionId={`${id}-caption`} />;
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="admin-section">
      <h2 id={`${id}-heading`}>Analytics</h2>
      <p className="muted">
        Landing page views, sign-in clicks and joins, counted in distinct devices. A landing page names no campaign, so its views count
        toward each campaign of its advertiser. Percentages are shares of the step before.
      </p>
      <Field label="Advertiser" className="admin-filter-field">
        <Select value={advertiserId ?? ""} onChange={(event) => setAdvertiserId(event.target.value === "" ? null : event.target.value)}>
          <option value="">Every advertiser</option>
          {advertisers.map((advertiser) => (
            <option key={advertiser.id} value={advertiser.id}>
              {advertiser.name}
            </option>
          ))}
        </Select>
      </Field>
      {content}
    </section>
  );
}
