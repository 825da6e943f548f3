import type { MetaDescriptor } from "react-router";

const siteName = "Chorus";
const defaultDescription = "Join campaigns, post on X and earn rewards for what you create.";

/** Page SEO data (SPEC.md section 2): title, description and image, for search engines and link previews. */
export function seo({
  title,
  description = defaultDescription,
  image,
}: {
  title?: string;
  description?: string;
  image?: string | null;
}): MetaDescriptor[] {
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
