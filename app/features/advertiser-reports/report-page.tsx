import { FunnelSection } from "./funnel-section";
import { useMemo, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { downloadReportCsv } from "./api/download-report-csv";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { Money } from "~/components/ui/money";
import { Notice } from "~/components/ui/notice";
import { PageHeader } from "~/components/ui/page-header";
import { TextInput } from "~/components/ui/text-input";
import type { ReactNode } from "react";
import { useReport, type ReportRange, type ReportTarget } from "./api/get-report";
import { failureText } from "~/lib/failure-text";
import { formatCount, formatPercent } from "~/lib/format";
import { decimalsOf } from "@contracts/currencies.ts";
import type { Report, ReportPage as ReportPageData } from "@contracts/reports.ts";
import { NetworkSplit } from "./network-split";
import { ReportChart, seriesColor, type ChartSeries } from "./report-chart";
import { ReportTable, TopCreatorsTable } from "./report-table";
import { ApiCostSection } from "./api-cost";
import "./advertiser-reports.css";

function isEmpty(report: Report): boolean {
  const { totals } = report;
  return (
    totals.posts === 0 &&
    totals.matchedConversions === 0 &&
    (totals.unmatchedConversions ?? 0) === 0 &&
    Object.values(totals.spend).every((amount) => amount === 0)
  );
}

function Totals({ report }: { report: Report }) {
  const { totals } = report;
  const items: Array<[string, ReactNode]> = [
    ["Posts", formatCount(totals.posts)],
    ["Impressions", formatCount(totals.impressions)],
    ["Engagement", formatCount(totals.engagement)],
    ["Eligible share", totals.eligibleShare === null ? "—" : formatPercent(totals.eligibleShare)],
    ...report.currencies.map((currency): [string, ReactNode] => [
      `Spend (${currency})`,
      <Money key={currency} amount={totals.spend[currency] ?? 0} currency={currency} />,
    ]),
    ["Conversions", formatCount(totals.matchedConversions)],
    ...(totals.unmatchedConversions === null
      ? []
      : [["Unmatched conversions", formatCount(totals.unmatchedConversions)] as [string, ReactNode]]),
    ["Per 1,000 impressions", totals.conversionsPerThousand === null ? "—" : totals.conversionsPerThousand.toFixed(2)],
  ];
  return (
    <dl className="report-totals">
      {items.map(([label, value]) => (
        <div key={label} className="ui-card report-total">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Charts({ report }: { report: Report }) {
  const charts = useMemo(() => {
    const dates = report.days.map((day) => day.date);
    const list: Array<{ title: string; series: ChartSeries[] }> = [
      {
        title: "Impressions and engagement",
        series: [
          { label: "Impressions", values: report.days.map((day) => day.impressions), color: seriesColor(0) },
          { label: "Engagement", values: report.days.map((day) => day.engagement), color: seriesColor(1) },
        ],
      },
      { title: "Posts", series: [{ label: "Posts", values: report.days.map((day) => day.posts), color: seriesColor(2) }] },
      {
        title: "Spend",
        series: report.currencies.map((currency, index) => ({
          label: currency,
          values: report.days.map((day) => (day.spend[currency] ?? 0) / 10 ** decimalsOf(currency)),
          color: seriesColor(index),
        })),
      },
      {
        title: "Conversions",
        series: [
          { label: "Matched", values: report.days.map((day) => day.matchedConversions), color: seriesColor(2) },
          ...(report.campaign === null
            ? [{ label: "Unmatched", values: report.days.map((day) => day.unmatchedConversions ?? 0), color: seriesColor(3) }]
            : []),
        ],
      },
    ];
    return { dates, list: list.filter((chart) => chart.series.length > 0) };
  }, [report]);
  return (
    <div className="report-charts">
      {charts.list.map((chart) => (
        <ReportChart key={chart.title} title={chart.title} dates={charts.dates} series={chart.series} />
      ))}
    </div>
  );
}

/** `/advertiser/{advertiserId}/reports` and `/advertiser/{advertiserId}/campaigns/{campaignId}/report`. */
export function ReportPage({ page, campaignId }: { page: ReportPageData; campaignId: string | null }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const advertiserId = page.report.advertiser.id;
  const target: ReportTarget = useMemo(() => ({ advertiserId, campaignId }), [advertiserId, campaignId]);
  const range: ReportRange = {
    from: searchParams.get("from") ?? page.report.range.from,
    to: searchParams.get("to") ?? page.report.range.to,
  };
  const query = useReport(target, range, page.report);
  const report = query.data ?? page.report;
  const loading = query.isFetching && (query.isPlaceholderData || query.isPending);
  const [draft, setDraft] = useState(range);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const title = report.campaign === null ? `Reports for ${report.advertiser.name}` : `Report: ${report.campaign.title}`;
  const accountPath = `/advertiser/${encodeURIComponent(advertiserId)}`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft.from === "" || draft.to === "" || draft.from > draft.to) return;
    setSearchParams({ from: draft.from, to: draft.to }, { preventScrollReset: true });
  }

  return (
    <div className="advertiser-page report-page">
      <PageHeader
        eyebrow={
          <>
            <Link to="/advertiser">Advertiser accounts</Link>
            {report.campaign === null ? null : (
              <>
                {" / "}
                <Link to={`${accountPath}/reports`}>{`Reports for ${report.advertiser.name}`}</Link>
              </>
            )}
          </>
        }
        title={title}
        description={`${report.range.from} to ${report.range.to}, by UTC day.`}
      />

      <form className="ui-card report-range" onSubmit={onSubmit} aria-label="Date range">
        <Field label="From">
          <TextInput
            type="date"
            value={draft.from}
            max={draft.to}
            required
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </Field>
        <Field label="To">
          <TextInput
            type="date"
            value={draft.to}
            min={draft.from}
            required
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </Field>
        <Button type="submit" size="small">
          Show
        </Button>
        <ButtonLink
          size="small"
          className="report-download"
          reloadDocument
          to={`/v1/advertiser/${encodeURIComponent(advertiserId)}/${campaignId === null ? "reports" : `campaigns/${encodeURIComponent(campaignId)}/report`}.csv?from=${range.from}&to=${range.to}`}
          download
          onClick={(event) => {
            event.preventDefault();
            setDownloadError(null);
            downloadReportCsv(target, range).catch((error: unknown) =>
              setDownloadError(error instanceof Error ? error.message : String(error)),
            );
          }}
        >
          Download CSV
        </ButtonLink>
      </form>
      {downloadError === null ? null : (
        <Notice tone="danger" announce="alert">
          {downloadError}
        </Notice>
      )}
      {query.isError ? (
        <Notice tone="danger" announce="alert">{`The report could not be loaded: ${failureText(query.error)}`}</Notice>
      ) : null}

      <div aria-busy={loading} aria-live="polite" className={loading ? "report-body report-loading" : "report-body"}>
        {loading ? <p className="report-loading-note">Loading the report…</p> : null}
        {isEmpty(report) ? (
          <EmptyState
            title="Nothing happened in this range"
            text="No posts, spend or conversions between these dates. Try a wider range."
          />
        ) : (
          <>
            <section aria-labelledby="report-totals-title">
              <h2 id="report-totals-title">Totals</h2>
              <Totals report={report} />
            </section>
            <NetworkSplit report={report} />
            <section aria-labelledby="report-charts-title">
              <h2 id="report-charts-title">Over time</h2>
              <p className="report-note">The charts show the numbers of the daily table below.</p>
              <Charts report={report} />
            </section>
            <section aria-labelledby="report-creators-title">
              <h2 id="report-creators-title">Top creators</h2>
              <TopCreatorsTable report={report} />
            </section>
            <section aria-labelledby="report-days-title">
              <h2 id="report-days-title">Daily numbers</h2>
              <ReportTable report={report} />
            </section>
          </>
        )}
      </div>

      {report.apiCost === null ? null : <ApiCostSection cost={report.apiCost} />}

      {report.campaign === null && page.campaigns.length > 0 ? (
        <section aria-labelledby="report-campaigns-title">
          <h2 id="report-campaigns-title">Campaign reports</h2>
          <ul className="report-campaigns">
            {page.campaigns.map((campaign) => (
              <li key={campaign.id}>
                <Link to={`${accountPath}/campaigns/${encodeURIComponent(campaign.id)}/report`}>{campaign.title}</Link>{" "}
                <Badge>{campaign.status}</Badge>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <FunnelSection funnel={page.funnel} perCampaign={campaignId === null} />
    </div>
  );
}
