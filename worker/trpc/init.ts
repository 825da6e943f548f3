import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import type { Capabilities } from "../capabilities.ts";
import { AppError, boundedFieldErrors, ERROR_LIMITS, fieldErrorsMessage, shortened, type FieldError } from "../contracts/errors.ts";
import type { SignedInSession } from "../contracts/current-user.ts";
import { liveSessionForToken } from "../domain/accounts/sessions.ts";

/** Context → init → procedures: everything a procedure may use, read once per request. */
export type TrpcContext = {
  capabilities: Capabilities;
  bearerToken: string | null;
  /** The request id, which an internal error names so a person can quote it (the Incident Id of 022). */
  requestId: string;
  /** Work that may finish after the answer (a cache write): the request's `waitUntil`. */
  waitUntil: (work: Promise<unknown>) => void;
};

/** Each zod issue of a procedure's input as one field error, in the product's one shape ({ loc, msg }). */
function inputFieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    loc: ["input", ...issue.path.map((part) => (typeof part === "symbol" ? String(part) : part))],
    msg: issue.message,
  }));
}

const t = initTRPC.context<TrpcContext>().create({
  // workerd leaves NODE_ENV unset, which tRPC would read as development and answer every error with its stack.
  isDev: false,
  /**
   * What an error tells the caller: never a stack or an internal message. Input validation names each field;
   * anything unexpected becomes one generic sentence with the request id (the details are in the worker's log).
   */
  errorFormatter({ shape, error, ctx }) {
    const { stack: _stack, ...data } = shape.data as typeof shape.data & { stack?: string };
    if (error.code === "INTERNAL_SERVER_ERROR") {
      const incident = ctx?.requestId === undefined ? "" : ` (incident ${ctx.requestId})`;
      return { ...shape, message: `Something went wrong on our side. Please try again${incident}.`, data };
    }
    if (error.code === "BAD_REQUEST" && error.cause instanceof ZodError) {
      const detail = boundedFieldErrors(inputFieldErrors(error.cause));
      const message = fieldErrorsMessage(detail, "input");
      return { ...shape, message, data: { ...data, detail } };
    }
    if (
      error.code === "PARSE_ERROR" ||
      (error.code === "BAD_REQUEST" && (error.cause instanceof SyntaxError || /JSON/.test(error.message)))
    ) {
      // The input could not be read at all: say so without echoing it back.
      const detail: FieldError[] = [{ loc: ["input"], msg: "must be JSON: the calls' input, in the query string or the body" }];
      return { ...shape, message: "The input could not be read: it must be JSON.", data: { ...data, detail } };
    }
    if (error.code === "BAD_REQUEST") {
      const message = shortened(error.message, ERROR_LIMITS.message);
      return { ...shape, message, data: { ...data, detail: boundedFieldErrors([{ loc: ["input"], msg: error.message }]) } };
    }
    return { ...shape, data };
  },
});

export const router = t.router;
export const publicProcedure = t.procedure;

/** The live session of a bearer token; a token that is not one (expired, ended, unknown) is UNAUTHORIZED. */
export async function liveSessionOrUnauthorized(capabilities: Capabilities, bearerToken: string): Promise<SignedInSession> {
  try {
    return await liveSessionForToken(capabilities, bearerToken);
  } catch (error) {
    if (error instanceof AppError) throw new TRPCError({ code: "UNAUTHORIZED", message: error.message });
    throw error;
  }
}

/** Narrows the context to a live session; without one the browser's RPC client clears its tokens and reloads. */
export const protectedProcedure = t.procedure.use(async ({ ctx, next }) => {
  if (ctx.bearerToken === null) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to continue" });
  const session = await liveSessionOrUnauthorized(ctx.capabilities, ctx.bearerToken);
  return next({ ctx: { ...ctx, session } });
});
