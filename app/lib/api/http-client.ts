import { z } from "zod/mini";
import { errorBodySchema } from "@contracts/errors.ts";
import type { SessionTokens } from "./session-tokens.ts";
import { sendWithXhr, type XhrUpload } from "./xhr-transport.ts";

/** The one HTTP API client of the browser (SPEC.md sections 7 and 8). */
export const API_TIMEOUT_MS = 15_000;

/**
 * The server's one error shape (`errorBodySchema`), read leniently: any of its fields may be missing from a proxy's
 * answer, and an `errors` list of strings is read too.
 */
const apiErrorBodySchema = z.looseObject({
  ...z.partial(errorBodySchema).shape,
  status: z.optional(z.number()),
  errors: z.optional(z.array(z.string())),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.message ?? `Request failed with status ${status}`);
    this.name = "ApiRequestError";
  }
}

/**
 * SPEC.md section 8 "Status above 500: a global error with status and message is raised": raised beside the
 * `ApiRequestError` the call rejects with, so telemetry records the server's failure even when a page handles it.
 */
export class ApiServerError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
  ) {
    super(`The server answered ${status}: ${serverMessage}`);
    this.name = "ApiServerError";
  }
}

/** A contract's schema, written with zod or zod/mini: the client parses with either. */
type AnswerSchema = z.core.$ZodType;

export type RequestOptions = {
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  /** Headers of this call (an `Idempotency-Key`, say); the client's own (Accept, Authorization…) cannot be replaced. */
  headers?: Record<string, string>;
  /** Values that must be present: a null or undefined one raises "{name} is required" before any request. */
  required?: Record<string, unknown>;
};

/** The error shape read from any answer body; null when the body is not one (a proxy's HTML page, say). */
export function parseApiErrorBody(body: unknown): ApiErrorBody | null {
  const parsed = apiErrorBodySchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** What any transport (fetch, XMLHttpRequest) answers: its status, and its body read as JSON. */
export type Answer = { status: number; json(): Promise<unknown> };

async function errorBodyOf(answer: Answer): Promise<ApiErrorBody | null> {
  return parseApiErrorBody(await answer.json().catch(() => null));
}

/**
 * The one 401 path of the browser's API calls: sends with the session's token; on a 401 ends the session for good
 * when the server's message starts with "X:", else refreshes the token once (ending the session when that fails) and
 * sends again; a second 401 ends the session. `send` is the transport: fetch for the API, XMLHttpRequest for uploads.
 */
export async function sendWithSession<A extends Answer>(session: SessionTokens, send: (token: string | null) => Promise<A>): Promise<A> {
  let token = await session.current();
  const answer = await send(token);
  if (answer.status !== 401) return answer;
  const body = await errorBodyOf(answer);
  if (body?.message?.startsWith("X:")) session.end();
  try {
    token = await session.refreshAfter(token);
  } catch (error) {
    session.end(error);
  }
  const retried = await send(token);
  if (retried.status === 401) session.end();
  return retried;
}

export type UploadOptions = Omit<XhrUpload, "method" | "url" | "token">;

export function createApiClient(deps: {
  fetch: typeof fetch;
  session: SessionTokens;
  baseUrl?: string;
  timeoutMs?: number;
  /** Makes the XMLHttpRequest of an upload (fetch cannot report upload progress). */
  xhr?: () => XMLHttpRequest;
  /** Raises the global error of an answer above 500 (the browser's `reportError`, which telemetry hears). */
  raiseGlobalError?: (error: ApiServerError) => void;
}) {
  const { session } = deps;
  const baseUrl = deps.baseUrl ?? "";
  const timeoutMs = deps.timeoutMs ?? API_TIMEOUT_MS;
  const xhr = deps.xhr ?? (() => new XMLHttpRequest());

  const sendWithFetch = (method: string, url: string, token: string | null, body: unknown, headers: Record<string, string> = {}) =>
    deps.fetch(url, {
      method,
      cache: "no-store",
      credentials: "same-origin",
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        ...headers,
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** Sends through `send` with the session (the one 401 path) and parses the answer with `schema`, or throws. */
  async function exchange<Schema extends AnswerSchema>(
    send: (token: string | null) => Promise<Answer>,
    schema: Schema,
  ): Promise<z.infer<Schema>> {
    const answer = await sendWithSession(session, send);
    if (answer.status < 200 || answer.status >= 300) {
      const failure = new ApiRequestError(answer.status, await errorBodyOf(answer));
      if (answer.status > 500) deps.raiseGlobalError?.(new ApiServerError(answer.status, failure.message));
      throw failure;
    }
    return z.parse(schema, answer.status === 204 ? undefined : await answer.json());
  }

  /** Sends a request and parses the answer with `schema`, so what the page gets is what the type says. */
  async function request<Schema extends AnswerSchema>(
    method: string,
    path: string,
    schema: Schema,
    options: RequestOptions = {},
  ): Promise<z.infer<Schema>> {
    for (const [name, value] of Object.entries(options.required ?? {})) {
      if (value === null || value === undefined) throw new Error(`${name} is required`);
    }
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== null && value !== undefined && value !== "") query.set(key, String(value));
    }
    const url = `${baseUrl}${path}${query.size > 0 ? `?${query}` : ""}`;
    return exchange((token) => sendWithFetch(method, url, token, options.body, options.headers), schema);
  }

  /** POSTs a file as the raw body through XMLHttpRequest, reporting upload progress; same token and 401 rules. */
  function upload<Schema extends AnswerSchema>(path: string, schema: Schema, options: UploadOptions): Promise<z.infer<Schema>> {
    const url = `${baseUrl}${path}`;
    return exchange((token) => sendWithXhr(xhr(), { ...options, method: "POST", url, token }), schema);
  }

  return {
    request,
    upload,
    get: <S extends AnswerSchema>(path: string, schema: S, options?: RequestOptions) => request("GET", path, schema, options),
    post: <S extends AnswerSchema>(path: string, schema: S, options?: RequestOptions) => request("POST", path, schema, options),
    put: <S extends AnswerSchema>(path: string, schema: S, options?: RequestOptions) => request("PUT", path, schema, options),
    delete: <S extends AnswerSchema>(path: string, schema: S, options?: RequestOptions) => request("DELETE", path, schema, options),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
