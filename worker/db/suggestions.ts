import { z } from "zod";
import { allRows, runQuery, type Query } from "./query.ts";
import type { Database } from "../database.ts";

const suggestionSchema = z
  .object({ id: z.string(), campaign_id: z.string(), text: z.string(), position: z.number().int() })
  .transform((row) => ({ id: row.id, campaignId: row.campaign_id, text: row.text, position: row.position }));
export type Suggestion = z.infer<typeof suggestionSchema>;

export function insertSuggestionStatement(db: Database, suggestion: Suggestion) {
  return db
    .prepare(`INSERT INTO campaign_suggestions (id, campaign_id, text, position) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`)
    .bind(suggestion.id, suggestion.campaignId, suggestion.text, suggestion.position);
}

export function suggestionsQuery(db: Database, campaignId: string): Query<Suggestion[]> {
  return allRows(
    db.prepare(`SELECT * FROM campaign_suggestions WHERE campaign_id = ? ORDER BY position, id`).bind(campaignId),
    suggestionSchema,
  );
}

export function listSuggestions(db: Database, campaignId: string): Promise<Suggestion[]> {
  return runQuery(suggestionsQuery(db, campaignId));
}

/** Removes the campaign's suggestions (the console replaces them all in the same batch). */
export function deleteSuggestionsStatement(db: Database, campaignId: string) {
  return db.prepare(`DELETE FROM campaign_suggestions WHERE campaign_id = ?`).bind(campaignId);
}
