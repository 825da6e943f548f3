import { formatMicroDollars, type ApiCostIncurred } from "@contracts/networks/api-costs.ts";
import { networkNames } from "@contracts/networks/names.ts";
import { formatCount } from "~/lib/format";

/**
 * What the campaign has cost in the paid network's API fees (X's) since it began (whatever the report's range): the
 * posts Chorus created there (with a link at the dearer rate) and the reads of their metrics, priced at the configured
 * rates, with their date.
 */
export function ApiCostSection({ cost }: { cost: ApiCostIncurred }) {
  const network = networkNames[cost.network];
  const lines = [
    { label: "Posts created without a link", count: cost.postsWithoutUrl, micros: cost.postsWithoutUrlMicros },
    { label: "Posts created with a link", count: cost.postsWithUrl, micros: cost.postsWithUrlMicros },
    { label: "Post reads (metric polling)", count: cost.postReads, micros: cost.postReadsMicros },
  ];
  return (
    <section aria-labelledby="report-api-cost-title">
      <h2 id="report-api-cost-title">{`${network} API cost so far`}</h2>
      <div className="report-table-wrap" tabIndex={0} role="region" aria-labelledby="report-api-cost-caption">
        <table className="report-table" data-testid="api-cost">
          <caption id="report-api-cost-caption">{`Since the campaign began, at ${network}'s rates of ${cost.ratesAsOf}`}</caption>
          <thead>
            <tr>
              <th scope="col">Call</th>
              <th scope="col">Count</th>
              <th scope="col">Cost</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.label}>
                <th scope="row">{line.label}</th>
                <td>{formatCount(line.count)}</td>
                <td>{formatMicroDollars(line.micros)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td />
              <td>{formatMicroDollars(cost.totalMicros)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
