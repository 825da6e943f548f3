import { expect } from "vitest";
import { errorBodySchema, type ErrorBody } from "../../../worker/contracts/errors.ts";
import { fetchWorker } from "./fetch.ts";

/**
 * An API call as the browser's client makes it: the bearer token (null: signed out), a JSON body (a string is sent
 * as it is, for bodies that are not JSON) and any other headers.
 */
export function call(
  method: string,
  path: string,
  bearer: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetchWorker(path, {
    method,
    headers: {
      ...(bearer === null ? {} : { Authorization: bearer }),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** Expects an error answer with `status` (and `code` when given), in the API's error shape; returns its body. */
export async function expectError(response: Response, status: number, code?: string): Promise<ErrorBody> {
  const text = await response.clone().text();
  expect(response.status, text).toBe(status);
  const body = errorBodySchema.parse(await response.json());
  expect(body.status, text).toBe(status);
  if (code !== undefined) expect(body.code, text).toBe(code);
  return body;
}

/** The fields a 400 names, as "body.amount". */
export async function fieldsOf(response: Response): Promise<string[]> {
  const body = await expectError(response, 400);
  return (body.detail ?? []).map((field) => field.loc.join("."));
}
