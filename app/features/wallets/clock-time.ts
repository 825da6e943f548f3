/**
 * "03:45 PM": the time of day in the browser's zone, as `Intl.DateTimeFormat("en", { hour: "2-digit", minute:
 * "2-digit" })` writes it. Written out as app/lib/format.ts words the rest (the first Intl formatter a page builds is
 * a long task on a phone, docs/decisions/031-no-tap-lost.md), and kept beside its only reader so that the pages
 * loading format.ts do not carry it.
 */
export function formatClockTime(at: number): string {
  const date = new Date(at);
  const hours = date.getHours();
  const twoDigits = (value: number) => String(value).padStart(2, "0");
  return `${twoDigits(hours % 12 === 0 ? 12 : hours % 12)}:${twoDigits(date.getMinutes())} ${hours < 12 ? "AM" : "PM"}`;
}
