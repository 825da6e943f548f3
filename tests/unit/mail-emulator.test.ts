import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fixedClock } from "../support/clock.ts";
import { createMailEmulator, type MailEmulator } from "../../emulators/mail/server.ts";
import { latestCodeSentTo, outboxMessages } from "../support/outbox.ts";

const API_KEY = "re_test_outbox_key";
const FROM = "Chorus <no-reply@chorus.test>";

let directory: string;
let statePath: string;
let clock: ReturnType<typeof fixedClock>;
let running: MailEmulator[];
let base: string;

async function startOutbox(): Promise<string> {
  const emulator = createMailEmulator({ port: 0, statePath, apiKey: API_KEY, now: clock.now });
  running.push(emulator);
  return (await emulator.start()).url;
}

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), "mail-emulator-"));
  statePath = join(directory, "emulators", "mail.json");
  clock = fixedClock(Date.UTC(2026, 10, 23, 9, 0, 0));
  running = [];
  base = await startOutbox();
});

afterEach(async () => {
  for (const emulator of running) await emulator.stop();
  await rm(directory, { recursive: true, force: true });
});

function send(body: unknown, authorization: string | null = `Bearer ${API_KEY}`): Promise<Response> {
  return fetch(`${base}/emails`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(authorization === null ? {} : { Authorization: authorization }) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const message = (overrides: Record<string, unknown> = {}) => ({
  from: FROM,
  to: ["ada@example.com"],
  subject: "Your code",
  text: "Your code is 123456.",
  html: "<p>Your code is <strong>123456</strong>.</p>",
  ...overrides,
});

describe("mail outbox: Resend's POST /emails", () => {
  it("refuses a request without a key (401) and with a wrong one (403), as Resend does", async () => {
    const missing = await send(message(), null);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      statusCode: 401,
      name: "missing_api_key",
      message:
        "Missing API key in the authorization header. Include the following header Authorization: Bearer YOUR_API_KEY in the request.",
    });

    const wrong = await send(message(), "Bearer re_someone_elses_key");
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ statusCode: 403, name: "invalid_api_key", message: "API key is invalid" });

    expect(await outboxMessages(base, "ada@example.com")).toEqual([]);
  });

  it("stores a message, answers its id, and returns it from GET /emails/:id", async () => {
    const response = await send(message());
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const retrieved = await fetch(`${base}/emails/${id}`, { headers: { Authorization: `Bearer ${API_KEY}` } });
    expect(await retrieved.json()).toMatchObject({
      object: "email",
      id,
      to: ["ada@example.com"],
      from: FROM,
      subject: "Your code",
      text: "Your code is 123456.",
      created_at: "2026-11-23T09:00:00.000Z",
      last_event: "delivered",
    });
    const unknown = await fetch(`${base}/emails/00000000-0000-4000-8000-000000000000`, { headers: { Authorization: `Bearer ${API_KEY}` } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ statusCode: 404, name: "not_found", message: "Email not found" });
  });

  it("refuses missing fields and malformed addresses with Resend's error names", async () => {
    const cases: [unknown, number, string, string][] = [
      [message({ to: undefined }), 422, "missing_required_field", "Missing `to` field."],
      [message({ subject: undefined }), 422, "missing_required_field", "Missing `subject` field."],
      [message({ text: undefined, html: undefined }), 422, "missing_required_field", "Missing `html` or `text` field."],
      [message({ to: ["not an address"] }), 422, "validation_error", expect.stringContaining("Invalid `to` field.")],
      [message({ from: "nobody" }), 422, "validation_error", expect.stringContaining("Invalid `from` field.")],
      ["{not json", 400, "validation_error", "The request body is not valid JSON."],
    ];
    for (const [body, status, name, text] of cases) {
      const response = await send(body);
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ statusCode: status, name, message: text });
    }
    expect(await outboxMessages(base, "ada@example.com")).toEqual([]);
  });

  it("answers Resend's not_found and method_not_allowed for what it does not serve", async () => {
    const unknown = await fetch(`${base}/domains`, { headers: { Authorization: `Bearer ${API_KEY}` } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ name: "not_found" });
    const wrongMethod = await fetch(`${base}/emails`, { headers: { Authorization: `Bearer ${API_KEY}` } });
    expect(wrongMethod.status).toBe(405);
    expect(await wrongMethod.json()).toMatchObject({ name: "method_not_allowed" });
  });
});

describe("mail outbox: reading it", () => {
  it("lists the messages to one address newest first, with their codes and links", async () => {
    await send(message({ to: "Ada <Ada@Example.com>", subject: "First", text: "Code 111111. See https://app.example/a." }));
    clock.advance(60_000);
    await send(message({ to: ["bob@example.com"], subject: "Not Ada's", text: "Code 222222" }));
    clock.advance(60_000);
    await send(
      message({
        subject: "Second",
        text: "Your code: 333444 (expires in 10 minutes). Not codes: 1234567, 12345, 123456.78, abc123456, https://app.example/c/987654?t=1",
      }),
    );

    const messages = await outboxMessages(base, "ADA@example.com");
    expect(messages.map((sent) => sent.subject)).toEqual(["Second", "First"]);
    expect(messages[0]).toEqual({
      id: expect.any(String),
      from: FROM,
      to: ["ada@example.com"],
      subject: "Second",
      text: expect.stringContaining("333444"),
      html: expect.any(String),
      sentAt: "2026-11-23T09:02:00.000Z",
      codes: ["333444"],
      links: ["https://app.example/c/987654?t=1"],
    });
    expect(messages[1]).toMatchObject({ to: ["Ada <Ada@Example.com>"], codes: ["111111"], links: ["https://app.example/a"] });
    expect(await latestCodeSentTo(base, "ada@example.com")).toBe("333444");

    const everyone = (await (await fetch(`${base}/outbox/messages`)).json()) as { messages: unknown[] };
    expect(everyone.messages).toHaveLength(3);
  });

  it("reads codes and links from the HTML when a message has no text part", async () => {
    await send(message({ text: undefined, html: '<p>Code <b>654321</b></p><p><a href="https://app.example/confirm?k=1">Confirm</a></p>' }));
    const [sent] = await outboxMessages(base, "ada@example.com");
    expect(sent).toMatchObject({ codes: ["654321"], links: ["https://app.example/confirm?k=1"] });
  });

  it("shows the messages on its home page with the codes marked and the links clickable", async () => {
    await send(message({ subject: "Confirm <withdrawal>", text: "Code 123456 at https://app.example/w?id=1&x=2" }));
    const page = await fetch(`${base}/`);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("Confirm &lt;withdrawal&gt;");
    expect(html).toContain('<mark class="code">123456</mark>');
    expect(html).toContain('<a href="https://app.example/w?id=1&amp;x=2"');
    expect(html).toContain("ada@example.com");
    expect(html).toContain("2026-11-23 09:00:00 UTC");
    expect(html).toContain('sandbox=""');
  });

  it("keeps the messages on disk across a restart", async () => {
    await send(message());
    await running[0]?.stop();
    const state = JSON.parse(await readFile(statePath, "utf8")) as { messages: { subject: string }[] };
    expect(state.messages.map((sent) => sent.subject)).toEqual(["Your code"]);

    base = await startOutbox();
    expect((await outboxMessages(base, "ada@example.com")).map((sent) => sent.codes)).toEqual([["123456"]]);
  });
});
