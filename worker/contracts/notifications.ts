import { z } from "zod";

/** The server's notification vocabulary (SPEC.md section 3). */
export const notificationEventTypeSchema = z.enum([
  "welcome",
  "terms-and-conditions",
  "campaign-invited",
  "campaign-started",
  "campaign-joined",
  "campaign-ending",
  "campaign-ended",
  "campaign-maturity",
  "posts-eligible",
  "posts-rewarded",
  "campaign-eligible",
  "campaign-not-eligible",
  "transaction-verifying",
  "transaction-pending",
  "transaction-cancelled",
  "transaction-failed",
  "transaction-completed",
  "ad-hoc-notification",
  "vlayer-badge",
]);
