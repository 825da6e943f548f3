import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { signedOutUser } from "../contracts/current-user.ts";
import { currentUserFor } from "../domain/accounts/current-user.ts";
import { hostnameSchema, resolveBrand } from "../domain/brands/resolve-brand.ts";
import { currentCampaignsOf } from "../domain/campaigns/current-campaigns.ts";
import { liveSessionOrUnauthorized, protectedProcedure, publicProcedure, router } from "./init.ts";

/** The typed RPC of SPEC.md section 7. `AppRouter` is the only thing the browser imports from here (as a type). */
export const appRouter = router({
  /**
   * The theme (brand name) of a hostname, from the same lookup the worker uses for pages; "" for none. Anyone may
   * ask about any name, so an unknown one is not cached here (only the middleware caches the request's own host).
   */
  getBrandNameForHostname: publicProcedure.input(z.object({ hostname: hostnameSchema })).query(async ({ ctx, input }) => {
    const resolution = await resolveBrand(ctx.capabilities, input.hostname, { cacheUnknown: false, waitUntil: ctx.waitUntil });
    return { theme: resolution.kind === "partner" ? resolution.brand.theme : "" };
  }),

  /**
   * The creator's current campaigns: joined, and active or ending — the ones a post can go to. The header asks for
   * two, only to know whether New Post can be used (docs/decisions/010-creator-experience.md).
   */
  listCurrentCampaigns: protectedProcedure
    .input(z.object({ limit: z.number().int().min(1).max(50) }))
    .query(({ ctx, input }) => currentCampaignsOf(ctx.capabilities, ctx.session.userId, input.limit)),

  /**
   * The current user (SPEC.md section 3). A caller without a token is a visitor and gets the spec's signed-out user
   * (empty strings, no roles, two-factor flags false), not an error; a token that is no longer good is refused
   * (UNAUTHORIZED), so a browser holding one refreshes it or learns its session ended.
   */
  getCurrentUser: publicProcedure.query(async ({ ctx }) => {
    if (ctx.bearerToken === null) return signedOutUser;
    const session = await liveSessionOrUnauthorized(ctx.capabilities, ctx.bearerToken);
    const user = await currentUserFor(ctx.capabilities, session);
    if (user === null) throw new TRPCError({ code: "UNAUTHORIZED", message: "X: Your account no longer exists." });
    return user;
  }),
});

export type AppRouter = typeof appRouter;
