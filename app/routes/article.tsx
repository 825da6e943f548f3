import { lazy, Suspense, useSyncExternalStore, type ReactNode } from "react";
import { data } from "react-router";
import type { Route } from "./+types/article";
import { Markdown } from "~/components/markdown";
import { isArticleSlug } from "~/content/articles";
import { splitFrontMatter } from "~/lib/markdown";
import { seo } from "~/lib/seo";

const articleFiles = import.meta.glob<string>("../content/articles/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** Runs at build time: the two articles are prerendered (react-router.config.ts), so no request renders them. */
export function loader({ params }: Route.LoaderArgs) {
  const source = isArticleSlug(params.slug) ? articleFiles[`../content/articles/${params.slug}.md`] : undefined;
  if (source === undefined) throw data(null, { status: 404 });
  const { attributes, body } = splitFrontMatter(source);
  return {
    title: attributes.title ?? params.slug,
    description: attributes.description ?? "",
    updated: attributes.updated ?? null,
    body,
  };
}

/** Accept, for a signed-in user who has not accepted the terms in force: loaded only on /articles/terms, after hydration. */
const TermsAcceptance = lazy(() => import("~/features/terms/terms-acceptance"));

const noSubscription = () => () => undefined;

function AfterHydration({ children }: { children: ReactNode }) {
  // The prerendered HTML has none of it, so the first client render matches it.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return hydrated ? <Suspense fallback={null}>{children}</Suspense> : null;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({ title: loaderData?.title ?? "Article", description: loaderData?.description || undefined });

export default function Article({ loaderData, params }: Route.ComponentProps) {
  return (
    <article className="prose">
      <h1>{loaderData.title}</h1>
      {loaderData.updated ? <p className="muted">Last updated {loaderData.updated}</p> : null}
      {params.slug === "terms" ? (
        <AfterHydration>
          <TermsAcceptance />
        </AfterHydration>
      ) : null}
      <Markdown source={loaderData.body} />
    </article>
  );
}
