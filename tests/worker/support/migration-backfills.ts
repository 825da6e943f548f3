import { env } from "cloudflare:test";

/**
 * Columns and tables renamed by a later migration, and their names since (migrations 0070_networks_sealed.sql and
 * 0071_neutral_invitations_and_api_usage.sql). A test that
 * replays an older migration's backfill on today's schema reads them under the new names; the statements are
 * otherwise the migration's own.
 */
const renamedColumns: [before: RegExp, after: string][] = [
  [/\bx_post_id\b/g, "network_post_id"],
  [/\bx_user_id\b/g, "signup_account"],
  [/\bx_handle\b/g, "invitee_handle"],
  [/\bcampaign_x_api_usage\b/g, "campaign_network_api_usage"],
];

/** Every statement of one migration, by the start of its file name, under today's column names. */
export function migrationStatements(prefix: string): string[] {
  const migration = env.TEST_MIGRATIONS.find((candidate) => candidate.name.startsWith(prefix));
  if (migration === undefined) throw new Error(`no migration ${prefix}`);
  return migration.queries.map((statement) => renamedColumns.reduce((text, [before, after]) => text.replace(before, after), statement));
}

/** The backfill statements of one migration (its inserts outside triggers), under today's column names. */
export function migrationBackfills(prefix: string): string[] {
  return migrationStatements(prefix).filter((statement) => /INSERT INTO/.test(statement) && !/CREATE TRIGGER/.test(statement));
}
