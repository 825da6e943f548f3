import type { PostStatus } from "../../contracts/vocabulary.ts";
import type { PostCountRow } from "../../db/creator-post-counts.ts";

export type Standing = { posts: number; byStatus: Partial<Record<PostStatus, number>> };

/** A creator's posts per campaign and status (postCountsByCampaignAndStatusQuery): their standing in each campaign. */
export function standingsFrom(counts: readonly PostCountRow[]): Map<string, Standing> {
  const result = new Map<string, Standing>();
  for (const row of counts) {
    const standing = result.get(row.campaign_id) ?? { posts: 0, byStatus: {} };
    standing.posts += row.count;
    standing.byStatus[row.status] = row.count;
    result.set(row.campaign_id, standing);
  }
  return result;
}

export const claimableStatuses = ["eligible", "eligible-bonus"] as const satisfies readonly PostStatus[];

export function claimablePosts(standing: Standing | undefined): number {
  return claimableStatuses.reduce((sum, status) => sum + (standing?.byStatus[status] ?? 0), 0);
}
