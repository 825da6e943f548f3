import { lazy } from "react";
import type { Route } from "./+types/dashboard";
import { SignInPage } from "~/components/sign-in-page";
import { useCurrentUser } from "~/lib/current-user";
import { InteractiveSuspense } from "~/lib/interactive/interactive-suspense";
import { seo } from "~/lib/seo";
import { preloadLazyModule } from "~/lib/lazy-chunks";
import { useRootData } from "~/lib/root-data";
import { workerContext } from "~/worker-context";
import { dashboardPage } from "@loaders/dashboard.server.ts";

const DashboardContent = lazy(() => import("./dashboard-content"));

export const meta: Route.MetaFunction = ({ matches }) => seo({ title: "Dashboard", matches });

/** Server-rendered for a signed-in creator from the same function as `GET /v1/page/dashboard`. */
export async function loader({ context }: Route.LoaderArgs) {
  const { capabilities, session } = context.get(workerContext);
  if (session === null) return { page: null };
  return { page: await dashboardPage(capabilities, session.userId) };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const user = useCurrentUser();
  const nonce = useRootData()?.nonce;
  const { page } = loaderData;
  if (user === null || page === null) return <SignInPage />;
  preloadLazyModule("app/routes/dashboard-content.tsx", nonce);
  return (
    <InteractiveSuspense>
      <DashboardContent page={page} user={user} />
    </InteractiveSuspense>
  );
}
