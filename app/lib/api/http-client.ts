import { z } from "zod";
import type { SessionTokens } from "./session-tokens.ts";

/** The one HTTP API client of the browser (SPEC.md sections 7 and 8). */
export const API_TIMEOUT_MS = 15_000;

/** The server's one error shape, read leniently: any of its fields may be missing from a proxy's answer. */
const apiErrorBodySchema = z
  .object({
    status: z.number().optional(),
    code: z.string().optional(),
    message: z.string().optional(),
    errors: z.array(z.string()).optional(),
    detail: z.array(z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string() })).optional(),
  })
  .loose();
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

export type RequestOptions = {
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  /** Values that must be present: a null or undefined one raises "{name} is required" before any request. */
  required?: Record<string, unknown>;
};

/** The error shape read from any answer body; null when the body is not one (a proxy's HTML page, say). */
export function parseApiErrorBody(body: unknown): ApiErrorBody | null {
  const parsed = apiErrorBodySchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

async function errorBodyOf(response: Response): Promise<ApiErrorBody | null> {
  return parseApiErrorBody(await response.json().catch(() => null));
}

export function createApiClient(deps: {
  fetch: typeof fetch;
  session: SessionTokens;
  baseUrl?: string;
  timeoutMs?: number;
}) {
  const { session } = deps;
  const baseUrl = deps.baseUrl ?? "";
  const timeoutMs = deps.timeoutMs ?? API_TIMEOUT_MS;

  const send = (method: string, url: string, token: string | null, body: unknown) =>
    deps.fetch(url, {
      method,
      cache: "no-store",
      credentials: "same-origin",
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** Sends a request and parses the answer with `schema`, so what the page gets is what the type says. */
  async function request<Schema extends z.ZodType>(
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

    let token = await session.current();
    let response = await send(method, url, token, options.body);
    if (response.status === 401) {
      const body = await errorBodyOf(response);
      if (body?.message?.startsWith("X:")) session.end();
      try {
        token = await session.refreshAfter(token);
      } catch (error) {
        session.end(error);
      }
      response = await send(method, url, token, options.body);
      if (response.status === 401) session.end();
    }
    if (!response.ok) throw new ApiRequestError(response.status, await errorBodyOf(response));
    return schema.parse(response.status === 204 ? undefined : await response.json());
  }

  return {
    request,
    get: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) => request("GET", path, schema, options),
    post: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) => request("POST", path, schema, options),
    put: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) => request("PUT", path, schema, options),
    delete: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) =>
      request("DELETE", path, schema, options),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
