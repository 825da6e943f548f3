import fc from "fast-check";
import {
  FIELD_NAMES,
  headerSafe,
  hostileHeaderValue,
  hostileJsonValue,
  hostileObject,
  hostileString,
  hugeText,
  percentEncode,
  plausibleId,
  HOSTILE_TEXT,
} from "./values.ts";

/** One door of the worker: a Hono route (`/v1/wallet/:walletId`) or a tRPC procedure. */
export type Endpoint = { method: string; path: string; trpcProcedure?: string };

/** Which credential a request carries; the runner puts the real token in (it is not known when values are generated). */
export type Credential = "none" | "creator" | "advertiser" | "admin" | "garbage";

export type FuzzRequest = {
  method: string;
  /** Path and query, percent-encoded, starting with "/". */
  target: string;
  /** Repeated names are sent as repeated header lines. */
  headers: [string, string][];
  body: string | Uint8Array<ArrayBuffer> | undefined;
  credential: Credential;
};

/** The routes of the Hono app worth fuzzing: Hono's own list, without middleware entries and catch-alls. */
export function endpointsOfRoutes(routes: readonly { method: string; path: string }[]): Endpoint[] {
  const seen = new Set<string>();
  const endpoints: Endpoint[] = [];
  for (const { method, path } of routes) {
    if (method === "ALL" || path.includes("*")) continue;
    const key = `${method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    endpoints.push({ method, path });
  }
  return endpoints;
}

/** A tRPC procedure is fuzzed as GET and POST, single and batched (with the others), at /trpc/<name>. */
export function endpointsOfProcedures(names: readonly string[]): Endpoint[] {
  return names.map((name) => ({ method: "GET|POST", path: `/trpc/${name}`, trpcProcedure: name }));
}

export function endpointName(endpoint: Endpoint): string {
  return endpoint.trpcProcedure === undefined ? `${endpoint.method} ${endpoint.path}` : `tRPC ${endpoint.trpcProcedure}`;
}

const RAW_PATH_VALUES = ["..", "%2e%2e", "..%2f..%2fetc%2fpasswd", "%00", "%ff", "%", "%zz", ";", "'", "%27%20OR%201%3D1--", "a/b", ""];

/** A path parameter: known ids (so some requests reach the data), plausible ids, and hostile text percent-encoded or raw. */
function pathValue(knownIds: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: knownIds.length === 0 ? 0 : 3, arbitrary: fc.constantFrom(...(knownIds.length === 0 ? ["none"] : knownIds)) },
    { weight: 2, arbitrary: plausibleId },
    { weight: 4, arbitrary: hostileString.map((value) => percentEncode(value.slice(0, 2_000))) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_PATH_VALUES) },
  );
}

const QUERY_NAMES = [
  "afterLoginRedirectUrl",
  "returnTo",
  "state",
  "code",
  "error",
  "impersonate",
  "limit",
  "cursor",
  "from",
  "to",
  "campaignId",
  "input",
  "batch",
  "format",
  "page",
];

function queryString(): fc.Arbitrary<string> {
  const pair = fc.tuple(
    fc.oneof(fc.constantFrom(...QUERY_NAMES), fc.string({ maxLength: 6 })),
    fc.oneof(hostileString, plausibleId, fc.constantFrom(...RAW_PATH_VALUES)),
  );
  return fc
    .array(pair, { maxLength: 4 })
    .map((pairs) =>
      pairs.length === 0
        ? ""
        : `?${pairs.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value.slice(0, 4_000))}`).join("&")}`,
    );
}

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=utf-16",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=fuzz",
  "application/octet-stream",
  "image/png",
  "*/*",
  "application/json\u0000",
];

const MALFORMED_JSON = [
  '{"content": "unterminated',
  "{",
  "[",
  '{"a":1,}',
  "{'single': 'quotes'}",
  "NaN",
  '{"a": 1e999999}',
  '{"a":"\\ud800"}',
  "\u0000",
  "[".repeat(5_000) + "]".repeat(5_000),
  '{"__proto__": {"polluted": true}}',
  "null",
  "true",
  "0",
  '""',
  "[]",
];

function multipartBody(): fc.Arbitrary<{ contentType: string; body: Uint8Array<ArrayBuffer> }> {
  const part = fc.record({
    name: fc.oneof(
      fc.constantFrom("file", "image", "attachment", "media"),
      hostileString.map((value) => headerSafe(value.slice(0, 50))),
    ),
    filename: fc.oneof(
      fc.constantFrom("a.png", "../../x.png", "x.svg", "x\u0000.png", "x.png.exe"),
      hostileString.map((value) => headerSafe(value.slice(0, 50))),
    ),
    type: fc.constantFrom("image/png", "image/jpeg", "image/svg+xml", "text/html", "application/octet-stream", ""),
    bytes: fc.oneof(
      fc.uint8Array({ maxLength: 2_000 }),
      fc.constantFrom(6_000_000, 12_000_000).map((length) => new Uint8Array(length)),
    ),
  });
  return fc.tuple(fc.array(part, { minLength: 0, maxLength: 3 }), fc.boolean()).map(([parts, closed]) => {
    const encoder = new TextEncoder();
    const chunks: Uint8Array[] = [];
    for (const item of parts) {
      chunks.push(
        encoder.encode(
          `--fuzz\r\nContent-Disposition: form-data; name="${item.name}"; filename="${item.filename}"\r\n${item.type === "" ? "" : `Content-Type: ${item.type}\r\n`}\r\n`,
        ),
      );
      chunks.push(item.bytes, encoder.encode("\r\n"));
    }
    if (closed) chunks.push(encoder.encode("--fuzz--\r\n"));
    const body = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.length;
    }
    return { contentType: "multipart/form-data; boundary=fuzz", body };
  });
}

type Body = { contentType: string | null; body: string | Uint8Array<ArrayBuffer> | undefined };

function requestBody(): fc.Arbitrary<Body> {
  const contentType = fc.option(fc.constantFrom(...CONTENT_TYPES), { freq: 6 });
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<Body>({ contentType: null, body: undefined }) },
    {
      weight: 6,
      arbitrary: fc.tuple(contentType, hostileObject).map(([type, value]): Body => ({ contentType: type, body: JSON.stringify(value) })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(contentType, hostileJsonValue).map(([type, value]): Body => ({ contentType: type, body: JSON.stringify(value) })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(contentType, fc.constantFrom(...MALFORMED_JSON)).map(([type, body]): Body => ({ contentType: type, body })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(contentType, fc.uint8Array({ maxLength: 512 }))
        .map(([type, bytes]): Body => ({ contentType: type, body: new Uint8Array(bytes) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(contentType, fc.constantFrom(...FIELD_NAMES), hugeText)
        .map(([type, field, text]): Body => ({ contentType: type, body: JSON.stringify({ [field]: text }) })),
    },
    { weight: 1, arbitrary: multipartBody() },
  );
}

/** The headers a script adds: origins, auth variants, repeated and oversized headers, idempotency keys. */
function extraHeaders(): fc.Arbitrary<[string, string][]> {
  const header = fc.oneof(
    fc.tuple(fc.constant("Origin"), fc.constantFrom("https://evil.example", "null", "http://127.0.0.1", "")),
    fc.tuple(fc.constant("Sec-Fetch-Site"), fc.constantFrom("cross-site", "same-origin", "none", "same-site")),
    fc.tuple(fc.constant("Idempotency-Key"), hostileHeaderValue),
    fc.tuple(fc.constant("X-Forwarded-Host"), fc.constantFrom("evil.example", "localhost")),
    fc.tuple(
      fc.constant("Cookie"),
      fc.oneof(
        hostileHeaderValue.map((value) => `chorus_session=${value}`),
        fc.constant("__Host-chorus_session=x; chorus_session=y"),
      ),
    ),
    fc.tuple(fc.constant("Accept"), fc.constantFrom("text/html", "application/json", "*/*", "text/event-stream")),
    fc.tuple(fc.constant("X-Fuzz"), hostileHeaderValue),
  );
  return fc.array(header, { maxLength: 3 });
}

const credential = fc.constantFrom<Credential>("none", "creator", "creator", "advertiser", "admin", "garbage");

/** A hostile request to one REST or auth route. */
export function restRequest(endpoint: Endpoint, knownIds: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const parameterNames = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? "");
  return fc
    .record({
      method: fc.oneof(
        { weight: 19, arbitrary: fc.constant(endpoint.method) },
        { weight: 1, arbitrary: fc.constantFrom("PATCH", "OPTIONS", "HEAD") },
      ),
      values: fc.tuple(...parameterNames.map(() => pathValue(knownIds))),
      query: queryString(),
      body: requestBody(),
      duplicateContentType: fc.boolean(),
      headers: extraHeaders(),
      credential,
    })
    .map(({ method, values, query, body, duplicateContentType, headers, credential }) => {
      let path = endpoint.path;
      parameterNames.forEach((name, index) => (path = path.replace(`:${name}`, values[index] ?? "")));
      const sendsBody = method !== "GET" && method !== "HEAD";
      const contentHeaders: [string, string][] =
        sendsBody && body.contentType !== null ? [["Content-Type", headerSafe(body.contentType)]] : [];
      if (duplicateContentType && contentHeaders.length > 0) contentHeaders.push(["Content-Type", "text/plain"]);
      return {
        method,
        target: path + query,
        headers: [...contentHeaders, ...headers],
        body: sendsBody ? body.body : undefined,
        credential,
      };
    });
}

/** Past this many characters a batch's input stops taking more entries: far beyond any body or address limit. */
const MAX_BATCH_INPUT_CHARS = 256_000;

/**
 * A batch's input, `{"0": …, "1": …}`, reusing the inputs in turn: without a cap, 600 copies of one nested input made
 * requests of many megabytes, and a chunk of 250 of them held gigabytes in the fuzz's own memory.
 */
function batchedInput(calls: number, inputs: readonly unknown[]): string {
  const encoded = inputs.map((input) => JSON.stringify(input) ?? "null");
  const entries: string[] = [];
  let length = 2;
  for (let index = 0; index < calls; index += 1) {
    const entry = `"${index}":${encoded[index % encoded.length] ?? "null"}`;
    if (length + entry.length + 1 > MAX_BATCH_INPUT_CHARS) break;
    entries.push(entry);
    length += entry.length + 1;
  }
  return `{${entries.join(",")}}`;
}

/** A hostile call of one tRPC procedure: GET or POST, single or batched, with any input. */
export function trpcRequest(endpoint: Endpoint, allProcedures: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const name = endpoint.trpcProcedure ?? "";
  const input = fc.oneof(
    fc.record({ hostname: hostileJsonValue, limit: hostileJsonValue }, { requiredKeys: [] }),
    hostileObject,
    hostileJsonValue,
  );
  return fc
    .record({
      post: fc.boolean(),
      batch: fc.oneof({ weight: 3, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.constantFrom(2, 10, 600) }),
      inputs: fc.array(input, { minLength: 1, maxLength: 3 }),
      rawInput: fc.option(fc.constantFrom(...MALFORMED_JSON, ...HOSTILE_TEXT), { freq: 5 }),
      headers: extraHeaders(),
      credential,
    })
    .map(({ post, batch, inputs, rawInput, headers, credential }) => {
      const names =
        batch === 1
          ? [name]
          : Array.from({ length: batch }, (_, index) => (index === 0 ? name : (allProcedures[index % allProcedures.length] ?? name)));
      const payload = rawInput ?? (batch === 1 ? JSON.stringify(inputs[0]) : batchedInput(names.length, inputs));
      const path = `/trpc/${names.join(",")}`;
      const batchQuery = batch === 1 ? "" : "batch=1";
      if (post) {
        return {
          method: "POST",
          target: batchQuery === "" ? path : `${path}?${batchQuery}`,
          headers: [["Content-Type", "application/json"] as [string, string], ...headers],
          body: payload,
          credential,
        };
      }
      const query = [batchQuery, `input=${percentEncode(payload)}`].filter((part) => part !== "").join("&");
      return { method: "GET", target: `${path}?${query}`, headers, body: undefined, credential };
    });
}

export function fuzzRequest(
  endpoint: Endpoint,
  context: { knownIds: readonly string[]; procedures: readonly string[] },
): fc.Arbitrary<FuzzRequest> {
  return endpoint.trpcProcedure === undefined ? restRequest(endpoint, context.knownIds) : trpcRequest(endpoint, context.procedures);
}
