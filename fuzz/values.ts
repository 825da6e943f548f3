import fc from "fast-check";

/**
 * The hostile values of the fuzz suite: what a script sends when it tries to break a server. Plain fast-check, no
 * Node built-ins, so the same generators run in Node (`npm run fuzz`) and inside workerd (the sample in `npm test`).
 */

/** Strings no person means to send: control characters, lone surrogates, invisible and direction-changing text. */
export const HOSTILE_TEXT = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u0007\u001b[31m",
  "\u200b\u200d\ufeff",
  "\u200b",
  "\ud800",
  "a\udfffb",
  "\ud83d",
  "\u202eevil\u202c",
  "\u2066name\u2069",
  "\u061c\u200f",
  "e\u0301\u0301\u0301\u0301",
  "שלום عليكم",
  "😀👩‍👩‍👧‍👦🏳️‍🌈",
  "\r\nSet-Cookie: stolen=1",
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "//evil.example",
  "/\\evil.example",
  "https://evil.example/",
  "http://127.0.0.1:1/",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%2e%2e%2f%2e%2e%2f",
  "%00",
  "' OR '1'='1",
  "1; DROP TABLE users;--",
  '" OR ""="',
  "'); DELETE FROM ledger_entries; --",
  "${7*7}{{7*7}}",
  "__proto__",
  "constructor",
  "null",
  "undefined",
  "NaN",
  "-1",
  "0",
  "1e309",
  "9007199254740993",
  "0x7fffffff",
  "true",
] as const;

const bigText = fc
  .constantFrom(1_000, 10_000, 100_000)
  .chain((length) => fc.constantFrom("a", "\u200b", "😀", "\u0000", "'", "é").map((unit) => unit.repeat(length)));

/** Rarely a megabyte or two: enough to meet the body limits, not so often that the run is only about them. */
export const hugeText: fc.Arbitrary<string> = fc.constantFrom(1_100_000, 2_500_000).map((length) => "x".repeat(length));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...HOSTILE_TEXT), fc.string({ maxLength: 10 })).map(([a, b]) => a + b) },
  { weight: 1, arbitrary: bigText },
  { weight: 1, arbitrary: fc.uuid() },
);

/** Ids that look right, so some requests pass the shape checks and reach the lookups. */
export const plausibleId: fc.Arbitrary<string> = fc.oneof(
  fc.uuid(),
  fc.stringMatching(/^[a-z]{2,4}_[0-9a-f]{8,16}$/),
  fc.integer({ min: -1, max: 1_000_000 }).map(String),
);

/** Any JSON value, leaning on the types a schema does not expect. */
export const hostileJsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { weight: 5, arbitrary: hostileString },
    { weight: 2, arbitrary: plausibleId },
    {
      weight: 3,
      arbitrary: fc.oneof(
        fc.integer(),
        fc.constantFrom(0, -1, 1.5, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 63, 1e21),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
      ),
    },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), tie("value"), { maxKeys: 3 }) },
  ),
})).value;

/**
 * The field names the API reads (and a few it must ignore), so generated objects hit real fields with wrong types as
 * often as unknown keys.
 */
export const FIELD_NAMES = [
  "content",
  "attachments",
  "campaignId",
  "selectedSuggestionId",
  "idempotencyKey",
  "requestId",
  "amount",
  "currency",
  "walletId",
  "address",
  "chain",
  "type",
  "code",
  "email",
  "token",
  "secret",
  "name",
  "displayName",
  "handle",
  "bio",
  "language",
  "timezone",
  "enabled",
  "hostname",
  "theme",
  "domains",
  "events",
  "event",
  "eventName",
  "properties",
  "visitorId",
  "sessionId",
  "path",
  "referrer",
  "occurredAt",
  "timestamp",
  "externalId",
  "value",
  "limit",
  "cursor",
  "status",
  "title",
  "description",
  "budget",
  "rewardPool",
  "startsAt",
  "endsAt",
  "rules",
  "role",
  "message",
  "category",
  "url",
  "signature",
  "refreshToken",
  "accessToken",
  "impersonate",
  "afterLoginRedirectUrl",
  "redirectUrl",
  "label",
  "recipients",
  "audience",
  "__proto__",
] as const;

export const hostileObject: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(
  fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FIELD_NAMES) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) }),
  hostileJsonValue,
  { maxKeys: 8 },
);

/** Values safe to put in an HTTP header (Latin-1 without CR/LF), still hostile: SQL, traversal, control characters. */
export function headerSafe(value: string): string {
  return value.replace(/[^\x20-\x7e\x80-\xff\t]/gu, (char) => percentEncode(char));
}

/** Percent-encodes like `encodeURIComponent`, but a lone surrogate becomes its raw (invalid) UTF-8 bytes instead of an exception. */
export function percentEncode(value: string): string {
  let encoded = "";
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      const hex = (byte: number) => `%${byte.toString(16).toUpperCase()}`;
      encoded += hex(0xe0 | (code >> 12)) + hex(0x80 | ((code >> 6) & 0x3f)) + hex(0x80 | (code & 0x3f));
    } else encoded += encodeURIComponent(char);
  }
  return encoded;
}

export const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  hostileString.map((value) => headerSafe(value.slice(0, 200))),
  fc.constantFrom(8_000, 20_000, 70_000).map((length) => "h".repeat(length)),
);
