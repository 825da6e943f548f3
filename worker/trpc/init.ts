import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import type { Capabilities } from "../capabilities.ts";
import { AppError } from "../contracts/errors.ts";
import type { SignedInSession } from "../contracts/current-user.ts";
import { liveSessionForToken } from "../domain/accounts/sessions.ts";

/** Context → init → procedures: everything a procedure may use, read once per request. */
export type TrpcContext = {
  capabilities: Capabilities;
  bearerToken: string | null;
};

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const fieldErrors = error.cause instanceof ZodError ? error.cause.flatten().fieldErrors : null;
    return { ...shape, data: { ...shape.data, fieldErrors } };
  },
});

export const router = t.router;
export const publicProcedure = t.procedure;

/** Narrows the context to a live session; without one the browser's RPC client clears its tokens and reloads. */
export const protectedProcedure = t.procedure.use(async ({ ctx, next }) => {
  if (ctx.bearerToken === null) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to continue" });
  let session: SignedInSession;
  try {
    session = await liveSessionForToken(ctx.capabilities, ctx.bearerToken);
  } catch (error) {
    if (error instanceof AppError) throw new TRPCError({ code: "UNAUTHORIZED", message: error.message });
    throw error;
  }
  return next({ ctx: { ...ctx, session } });
});
