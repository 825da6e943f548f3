import type { MetaDescriptor } from "react-router";

const defaultSiteName = "Chorus";
const defaultDescription = "Join campaigns, post on X and earn rewards for what you create.";

/**
 * The partner's name in the root's loader data, read without a schema library: every page's meta runs this, and no
 * public page loads zod.
 */
function brandNameOf(rootData: unknown): string | null {
  if (typeof rootData !== "object" || rootData === null || !("brand" in rootData)) return null;
  const { brand } = rootData;
  if (typeof brand !== "object" || brand === null || !("displayName" in brand)) return null;
  return typeof brand.displayName === "string" ? brand.displayName : null;
}

/** On a partner's domain the partner's name is the site's name in titles and link previews. */
function siteNameFrom(matches: readonly unknown[] | undefined): string {
  for (const match of matches ?? []) {
    if (typeof match !== "object" || match === null || !("id" in match) || match.id !== "root") continue;
    const brandName = brandNameOf("loaderData" in match ? match.loaderData : undefined);
    if (brandName !== null) return brandName;
  }
  return defaultSiteName;
}

/** Page SEO data (SPEC.md section 2): title, description and image, for search engines and link previews. */
export function seo({
  title,
  description = defaultDescription,
  image,
  matches,
}: {
  title?: string;
  description?: string;
  image?: string | null;
  matches?: readonly unknown[];
}): MetaDescriptor[] {
  const siteName = siteNameFrom(matches);
  const fullTitle = title === undefined ? siteName : `${title} · ${siteName}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:site_name", content: siteName },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
}
