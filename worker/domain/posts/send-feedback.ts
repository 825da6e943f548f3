import type { Clock } from "../../clock.ts";
import type { feedbackInputSchema } from "../../contracts/posts.ts";
import { insertFeedbackStatement } from "../../db/feedback.ts";
import { randomToken } from "../../security/tokens.ts";
import type { z } from "zod";
import type { Database } from "../../database.ts";

/** The editor in feedback mode: the text goes to the admins' inbox; nothing is posted on X. */
export async function sendFeedback(
  { db, clock }: { db: Database; clock: Clock },
  userId: string,
  input: z.output<typeof feedbackInputSchema>,
): Promise<{ id: string; createdAt: number }> {
  const feedback = { id: `fb_${randomToken(12)}`, userId, content: input.content, pagePath: input.pagePath, createdAt: clock.now() };
  await insertFeedbackStatement(db, feedback).run();
  return { id: feedback.id, createdAt: feedback.createdAt };
}
