import { z } from "zod/mini";
import { attachmentContentTypeSchema } from "@contracts/posts.ts";

/**
 * The post being written, kept for the length of a full-page write login (when popups are blocked), so the editor
 * reopens with it. Session storage: this tab only, gone when it closes.
 */
const DRAFT_KEY = "chorus.post-editor.draft";

export const draftSchema = z.object({
  campaignId: z.nullable(z.string()),
  content: z.string(),
  selectedSuggestionId: z.nullable(z.string()),
  attachments: z.array(z.object({ id: z.string(), name: z.string(), sizeBytes: z.number(), contentType: attachmentContentTypeSchema })),
});
export type Draft = z.infer<typeof draftSchema>;

export function saveDraft(draft: Draft): void {
  try {
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the draft is lost, the login still works.
  }
}

export function readDraft(): Draft | null {
  try {
    const raw = window.sessionStorage.getItem(DRAFT_KEY);
    if (raw === null) return null;
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function clearDraft(): void {
  try {
    window.sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}
