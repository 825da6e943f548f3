import { data } from "react-router";
import type { Route } from "./+types/admin-spoofing";
import { Button } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { adminSpoofingPage } from "@loaders/admin-spoofing.server.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({ title: "Act as a user", matches }),
  { name: "robots", content: "noindex" },
];

/**
 * The spoofing link only shows this page; the session starts when the admin presses Start (a POST to the same
 * address, which the worker answers), so a link-preview bot fetching the link starts nothing.
 */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { capabilities } = context.get(workerContext);
  const { page, status } = await adminSpoofingPage(capabilities, {
    adminAccessToken: params.token,
    secret: params.secret,
    impersonate: new URL(request.url).searchParams.get("impersonate") ?? undefined,
    clientAddress: request.headers.get("cf-connecting-ip") ?? "unknown",
  });
  return data(page, { status, headers: { "Cache-Control": "no-store" } });
}

export default function AdminSpoofing({ loaderData: page }: Route.ComponentProps) {
  if (page.kind === "refused") {
    return (
      <section className="centered-panel">
        <h1>This spoofing link does not work</h1>
        <p>{page.message}</p>
      </section>
    );
  }
  return (
    <section className="centered-panel">
      <h1>{`Act as @${page.handle}?`}</h1>
      <p>
        You will see Chorus as {page.name} (@{page.handle}) for at most one hour. Publishing on X, confirming payouts, withdrawing and the
        admin pages are blocked meanwhile, and every change you make is recorded with your id and theirs.
      </p>
      {/* No action: the form posts back to this very address, so the link's secret is not written into the page. */}
      <form method="post">
        <Button type="submit" variant="primary">
          Start
        </Button>
      </form>
    </section>
  );
}
