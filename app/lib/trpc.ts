import { createTRPCContext } from "@trpc/tanstack-react-query";
import type { AppRouter } from "../../worker/trpc/router.ts";

/** `useTRPC()` gives queryOptions/mutationOptions factories for TanStack Query (bulletproof-react style). */
export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();
