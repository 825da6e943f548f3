import type { z } from "zod";
import { AppError } from "../contracts/errors.ts";

/** Parses request input; a bad value becomes a 400 naming each field ("query.state: state is required"). */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  location: "query" | "body" | "path",
): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const detail = result.error.issues.map((issue) => ({
    loc: [location, ...issue.path.map((part) => (typeof part === "symbol" ? String(part) : part))],
    msg: issue.message,
  }));
  const message = detail.map((field) => `${field.loc.slice(1).join(".") || location}: ${field.msg}`).join("; ");
  throw new AppError(400, "invalid_request", message, detail);
}
