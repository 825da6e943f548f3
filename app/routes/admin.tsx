import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/admin";
import { AdminConsole } from "~/features/admin/admin-console";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { AppError } from "@contracts/errors.ts";
import { adminPage } from "@loaders/admin.server.ts";

export const meta: Route.MetaFunction = ({ matches }) => [...seo({ title: "Admin", matches }), { name: "robots", content: "noindex" }];

/** Server-rendered for admins; anyone else signed in gets a 403 page saying the page is for admins. */
export async function loader({ context }: Route.LoaderArgs) {
  const session = requireSession(context);
  try {
    return await adminPage(context.get(workerContext).capabilities, session.userId);
  } catch (error) {
    if (error instanceof AppError && error.status === 403) throw data(error.message, { status: 403 });
    throw error;
  }
}

/** Switching sections changes only `?section=`: the page's data stays as it is (each section keeps its own queries). */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod === undefined && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  return <AdminConsole page={loaderData} />;
}
