import { z } from "zod";
import { parseWithSchema } from "../shared/json-state-file.ts";

/** One message as the outbox keeps it: what was sent to `POST /emails`, and when. */
const sentMailSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  sentAt: z.number(),
});
export type SentMail = z.infer<typeof sentMailSchema>;

const stateSchema = z.object({ version: z.literal(1), messages: z.array(sentMailSchema) });

/** Everything the mail outbox remembers between runs. */
export type MailState = z.infer<typeof stateSchema>;

export function emptyState(): MailState {
  return { version: 1, messages: [] };
}

/** The outbox keeps the newest messages only, so its file does not grow without end. */
export const KEPT_MESSAGES = 1000;

export function pruneOldest(state: MailState): void {
  if (state.messages.length > KEPT_MESSAGES) state.messages.splice(0, state.messages.length - KEPT_MESSAGES);
}

/** Reads a state file's JSON, refusing anything that does not have the expected shape. */
export const parseState = parseWithSchema(stateSchema);
