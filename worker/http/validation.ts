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
  const detail = result.error.issues.flatMap((issue) => {
    const path = [location, ...issue.path.map((part) => (typeof part === "symbol" ? String(part) : part))];
    // A field the call does not take is named itself (a stale page's old field, a typo), never dropped silently.
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ loc: [...path, shortened(key)], msg: "is not a field of this request" }));
    }
    return [{ loc: path, msg: issue.message }];
  });
  throw invalidRequest(detail, location);
}

/** A name the client chose, cut short: an error never echoes a large value back. */
function shortened(name: string): string {
  return name.length <= 64 ? name : `${name.slice(0, 64)}…`;
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
