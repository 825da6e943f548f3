import type { Context } from "hono";
import { z } from "zod";
import { AppError, invalidRequest } from "../contracts/errors.ts";

/** Parses request input; a bad value becomes a 400 naming each field ("query.state: state is required"). */
export function parseInput<Schema extends z.core.$ZodType>(
  schema: Schema,
  input: unknown,
  location: "query" | "body" | "path",
): z.infer<Schema> {
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  const detail = result.error.issues.map((issue) => ({
    loc: [location, ...issue.path.map((part) => (typeof part === "symbol" ? String(part) : part))],
    msg: issue.message,
  }));
  throw invalidRequest(detail, location);
}

/**
 * The request body as JSON; anything else is a 400 saying so. `whenEmpty` is what an empty body stands for (a
 * join without options, say); without it an empty body is not JSON either.
 */
export async function jsonBody(c: Context, options: { whenEmpty?: unknown } = {}): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "" && "whenEmpty" in options) return options.whenEmpty;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError(400, "invalid_request", "The request body must be JSON.", [{ loc: ["body"], msg: "must be JSON" }]);
  }
}
