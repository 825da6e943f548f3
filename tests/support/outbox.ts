/**
 * Reading the mail outbox emulator over HTTP, for tests: `GET {outbox}/outbox/messages?to=address`.
 *   worker tests:  outboxMessages(env.MAIL_API_URL, "ada@example.com")
 *   end-to-end:    outboxMessages(emulatorUrls.mailOutbox, …)  (playwright.config.ts: the e2e server's port + 4)
 */
export type OutboxMessage = {
  id: string;
  from: string;
  to: string[];
  subject: string;
  /** The text part (or the HTML's text when a message has none). */
  text: string;
  html: string | null;
  /** ISO 8601. */
  sentAt: string;
  /** Every standalone six-digit number outside links, in order of appearance. */
  codes: string[];
  /** Every http(s) URL, in order of appearance. */
  links: string[];
};

/** The messages sent to `to` (any recipient, case-insensitive), newest first. */
export async function outboxMessages(outboxUrl: string, to: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${outboxUrl.replace(/\/+$/, "")}/outbox/messages?${new URLSearchParams({ to })}`);
  if (!response.ok) throw new Error(`The mail outbox answered ${response.status} for the messages to ${to}`);
  const { messages } = (await response.json()) as { messages: OutboxMessage[] };
  return messages;
}

/** The first code of the newest message to `to` that holds one; fails the test when there is none. */
export async function latestCodeSentTo(outboxUrl: string, to: string): Promise<string> {
  const messages = await outboxMessages(outboxUrl, to);
  const code = messages.find((message) => message.codes.length > 0)?.codes[0];
  if (code === undefined) throw new Error(`No message to ${to} in the mail outbox holds a six-digit code (${messages.length} messages)`);
  return code;
}
