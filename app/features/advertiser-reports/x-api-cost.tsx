import { formatMicroDollars, type XApiCostIncurred } from "@contracts/networks/x/api-costs.ts";
import { formatCount } from "~/lib/format";

/**
 * What the campaign has cost in X API fees since it began (whatever the report's range): the posts Chorus created on X
 * (with a link at X's dearer rate) and the reads of their metrics, priced at the configured rates, with their date.
 */
export function XApiCostSection({ cost }: { cost: XApiCostIncurred }) {
  const lines = [
    { label: "Posts created without a link", count: cost.postsWithoutUrl, micros: cost.postsWithoutUrlMicros },
    { label: "Posts created with a link", count: cost.postsWithUrl, micros: cost.postsWithUrlMicros },
    { label: "Post reads (metric polling)", count: cost.postReads, micros: cost.postReadsMicros },
  ];
  return (
    <section aria-labelledby="report-x-api-cost-title">
      <h2 id="report-x-api-cost-title">X API cost so far</h2>
      <div className="report-table-wrap" tabIndex={0} role="region" aria-labelledby="report-x-api-cost-caption">
        <table className="report-table" data-testid="x-api-cost">
          <caption id="report-x-api-cost-caption">{`Since the campaign began, at X's rates of ${cost.ratesAsOf}`}</caption>
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
