import { z } from "zod";
import type { AppConfig } from "../config.ts";

/**
 * Sends mail through Resend's HTTP API (`POST /emails`). Production talks to https://api.resend.com; locally the
 * same code talks to the mail outbox emulator: only MAIL_API_URL and MAIL_API_KEY differ
 * (docs/decisions/012-mail-and-payout-rail.md).
 */
export type OutgoingMail = { to: string; subject: string; text: string; html: string };
export type Mailer = { send(mail: OutgoingMail): Promise<{ id: string }> };

const TIMEOUT_MS = 10_000;

const sentSchema = z.object({ id: z.string().min(1) });
const resendErrorSchema = z.object({ name: z.string(), message: z.string() });

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

export function createMailer(config: AppConfig["mail"]): Mailer {
  return {
    async send(mail) {
      let response: Response;
      try {
        response = await fetch(`${config.apiUrl}/emails`, {
          method: "POST",
          headers: { Authorization: `Bearer ${config.apiKey}`, "Content-Type": "application/json" },
          body: JSON.stringify({ from: config.from, to: [mail.to], subject: mail.subject, text: mail.text, html: mail.html }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        if (isTimeout(error)) {
          throw new Error(`Sending mail failed: the mail API did not answer within ${TIMEOUT_MS / 1000} s`, { cause: error });
        }
        throw new Error(
          `Sending mail failed: the mail API could not be reached (${error instanceof Error ? error.message : String(error)})`,
          { cause: error },
        );
      }
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const refusal = resendErrorSchema.safeParse(body);
        const reason = refusal.success ? `${refusal.data.name}: ${refusal.data.message}` : response.statusText || "no error body";
        throw new Error(`Sending mail failed: the mail API answered ${response.status} (${reason})`);
      }
      const sent = sentSchema.safeParse(body);
      if (!sent.success) throw new Error(`Sending mail failed: the mail API answered ${response.status} without a message id`);
      return { id: sent.data.id };
    },
  };
}
