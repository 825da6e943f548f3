import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { currentUserFor } from "../domain/accounts/current-user.ts";
import { coreHostnamesOf, resolveBrand } from "../domain/brands/resolve-brand.ts";
import { currentCampaignStatuses } from "../contracts/vocabulary.ts";
import { listJoinedCampaigns } from "../db/campaigns.ts";
import { protectedProcedure, publicProcedure, router } from "./init.ts";

/** The typed RPC of SPEC.md section 7. `AppRouter` is the only thing the browser imports from here (as a type). */
export const appRouter = router({
  /** The theme (brand name) of a hostname, from the same lookup the worker uses for pages; "" for none. */
  getBrandNameForHostname: publicProcedure
    .input(z.object({ hostname: z.string().min(1).max(253) }))
    .query(async ({ ctx, input }) => {
      const resolution = await resolveBrand(
        { db: ctx.db, cache: ctx.brandCache, coreHostnames: coreHostnamesOf(ctx.config) },
        input.hostname,
      );
      return { theme: resolution.kind === "partner" ? resolution.brand.theme : "" };
    }),

  /**
   * The creator's current campaigns: joined, and active or ending — the ones a post can go to. The header asks for
   * two, only to know whether New Post can be used (docs/decisions/010-creator-experience.md).
   */
  listCurrentCampaigns: protectedProcedure
    .input(z.object({ limit: z.number().int().min(1).max(50) }))
    .query(async ({ ctx, input }) => {
      const campaigns = await listJoinedCampaigns(ctx.db, ctx.session.userId, currentCampaignStatuses, input.limit);
      return campaigns.map((campaign) => ({ id: campaign.id, title: campaign.title, status: campaign.status, endsAt: campaign.endsAt }));
    }),

  getCurrentUser: protectedProcedure.query(async ({ ctx }) => {
    const user = await currentUserFor(ctx.db, ctx.session);
    if (user === null) throw new TRPCError({ code: "UNAUTHORIZED", message: "X: Your account no longer exists." });
    return user;
  }),
});

export type AppRouter = typeof appRouter;
