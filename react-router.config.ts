import type { Config } from "@react-router/dev/config";
import { articleSlugs } from "./app/content/articles.ts";

export default {
  ssr: true,
  // Articles are built once and served from static assets; their text lives in app/content/articles/*.md.
  prerender: articleSlugs.map((slug) => `/articles/${slug}`),
} satisfies Config;
