import { TRPCError } from "@trpc/server";
import { currentUserFor } from "../domain/accounts/current-user.ts";
import { protectedProcedure, router } from "./init.ts";

/** The typed RPC of SPEC.md section 7. `AppRouter` is the only thing the browser imports from here (as a type). */
export const appRouter = router({
  getCurrentUser: protectedProcedure.query(async ({ ctx }) => {
    const user = await currentUserFor(ctx.db, ctx.session);
    if (user === null) throw new TRPCError({ code: "UNAUTHORIZED", message: "X: Your account no longer exists." });
    return user;
  }),
});

export type AppRouter = typeof appRouter;
