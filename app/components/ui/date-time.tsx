import { formatDate, formatRelative } from "~/lib/format";
import { classNames } from "./class-names";

/** date: "Nov 24, 2026". date-time: "Nov 24, 2026, 14:05 UTC". time: "14:05 UTC". All in UTC (see `DateTime`). */
export type DateTimeStyle = "date" | "date-time" | "time";

const twoDigits = (value: number) => String(value).padStart(2, "0");

/**
 * A moment as text, the same wherever it is rendered: in UTC, named so for times, with the date written by the app's
 * `formatDate` and the time of day in 24 hours, composed here rather than by Intl's time styles, whose spacing (a narrow
 * no-break space before "PM", " at ") differs between ICU versions, so between the server and a browser.
 */
export function formatMoment(at: number, style: DateTimeStyle): string {
  const moment = new Date(at);
  if (Number.isNaN(moment.getTime())) throw new RangeError(`Not a moment: ${at}`);
  const time = `${twoDigits(moment.getUTCHours())}:${twoDigits(moment.getUTCMinutes())} UTC`;
  if (style === "time") return time;
  if (style === "date") return formatDate(at);
  return `${formatDate(at)}, ${time}`;
}

export type DateTimeProps = {
  /** The moment, in milliseconds since the epoch (as every contract carries it). */
  value: number;
  /** How it is written; "date" unless told. Ignored with `relativeTo`. */
  format?: DateTimeStyle;
  /**
   * Written relative to this moment ("in 3 days", "2 hours ago") instead, with the full date and time in its title. It
   * must come from the page's data (the server's clock when it rendered), never from `Date.now()` during render: the
   * server and the browser would write different words.
   */
  relativeTo?: number;
  className?: string;
};

/**
 * A moment on the page: a <time> element whose dateTime attribute is the ISO 8601 instant, its text written the same
 * on the server and in the browser (SSR-safe). Times are shown in UTC and say so: the server does not know the
 * reader's time zone, and a page that changed its times after hydration would flash.
 */
export function DateTime({ value, format = "date", relativeTo, className }: DateTimeProps) {
  const full = formatMoment(value, "date-time");
  const iso = new Date(value).toISOString();
  if (relativeTo !== undefined) {
    return (
      <time className={classNames("ui-date-time", className)} dateTime={iso} title={full}>
        {formatRelative(value, relativeTo)}
      </time>
    );
  }
  return (
    <time className={classNames("ui-date-time", className)} dateTime={iso}>
      {formatMoment(value, format)}
    </time>
  );
}
