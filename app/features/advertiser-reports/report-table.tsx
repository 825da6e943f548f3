import { Money } from "~/components/ui/money";
import { formatCount, formatPercent } from "~/lib/format";
import type { Report } from "@contracts/reports.ts";

/** The report's daily numbers as a table: what the charts show, readable by everyone (and assistive technology). */
export function ReportTable({ report }: { report: Report }) {
  const account = report.campaign === null;
  return (
    <div className="report-table-wrap" tabIndex={0} role="region" aria-labelledby="report-table-title">
      <table className="report-table">
        <caption id="report-table-title">{`Daily numbers, ${report.range.from} to ${report.range.to} (UTC)`}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Posts</th>
            <th scope="col">Impressions</th>
            <th scope="col">Engagement</th>
            <th scope="col">Eligible / matured</th>
            {report.currencies.map((currency) => (
              <th scope="col" key={currency}>{`Spend (${currency})`}</th>
            ))}
            <th scope="col">Conversions</th>
            {account ? <th scope="col">Unmatched</th> : null}
            <th scope="col">Per 1,000 impressions</th>
          </tr>
        </thead>
        <tbody>
          {report.days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{day.date}</th>
              <td>{day.posts}</td>
              <td>{formatCount(day.impressions)}</td>
              <td>{formatCount(day.engagement)}</td>
              <td>{`${day.eligiblePosts} / ${day.maturedPosts}`}</td>
              {report.currencies.map((currency) => (
                <td key={currency}>
                  <Money amount={day.spend[currency] ?? 0} currency={currency} />
                </td>
              ))}
              <td>{day.matchedConversions}</td>
              {account ? <td>{day.unmatchedConversions ?? 0}</td> : null}
              <td>{day.conversionsPerThousand === null ? "—" : day.conversionsPerThousand.toFixed(2)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{report.totals.posts}</td>
            <td>{formatCount(report.totals.impressions)}</td>
            <td>{formatCount(report.totals.engagement)}</td>
            <td>
              {`${report.totals.eligiblePosts} / ${report.totals.maturedPosts}`}
              {report.totals.eligibleShare === null ? null : ` (${formatPercent(report.totals.eligibleShare)})`}
            </td>
            {report.currencies.map((currency) => (
              <td key={currency}>
                <Money amount={report.totals.spend[currency] ?? 0} currency={currency} />
              </td>
            ))}
            <td>{report.totals.matchedConversions}</td>
            {account ? <td>{report.totals.unmatchedConversions ?? 0}</td> : null}
            <td>{report.totals.conversionsPerThousand === null ? "—" : report.totals.conversionsPerThousand.toFixed(2)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The creators with the highest score in the range. */
export function TopCreatorsTable({ report }: { report: Report }) {
  if (report.topCreators.length === 0) return <p className="muted">No creator has posted in this range.</p>;
  return (
    <div className="report-table-wrap" tabIndex={0} role="region" aria-labelledby="top-creators-caption">
      <table className="report-table">
        <caption id="top-creators-caption">Top creators by score</caption>
        <thead>
          <tr>
            <th scope="col">Creator</th>
            <th scope="col">Score</th>
            <th scope="col">Posts</th>
            <th scope="col">Impressions</th>
            <th scope="col">Conversions brought</th>
          </tr>
        </thead>
        <tbody>
          {report.topCreators.map((creator) => (
            <tr key={creator.userId}>
              <th scope="row">
                {creator.name} <span className="muted">{`@${creator.handle}`}</span>
              </th>
              <td>{formatCount(creator.score)}</td>
              <td>{creator.posts}</td>
              <td>{formatCount(creator.impressions)}</td>
              <td>{creator.conversions}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
