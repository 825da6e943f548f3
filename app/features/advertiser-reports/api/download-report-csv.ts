import { browserClients } from "~/lib/api/browser-clients";
import { sendWithSession } from "~/lib/api/http-client";
import { saveFile } from "~/lib/save-file";
import { reportPath, type ReportRange, type ReportTarget } from "./get-report";

/**
 * Fetches the report's CSV with the session's token (the API takes bearer tokens, not cookies) and saves it through a
 * temporary link, with the file name the server gave.
 */
export async function downloadReportCsv(target: ReportTarget, range: ReportRange): Promise<void> {
  const path = reportPath(target, range, "csv");
  const answer = await sendWithSession(browserClients().session, (token) =>
    window.fetch(path, { headers: token === null ? {} : { Authorization: `Bearer ${token}` }, cache: "no-store" }),
  );
  if (!answer.ok) throw new Error(`The CSV could not be downloaded (HTTP ${answer.status}).`);
  const fileName = /filename="([^"]+)"/.exec(answer.headers.get("Content-Disposition") ?? "")?.[1] ?? "chorus-report.csv";
  saveFile(await answer.blob(), fileName);
}
