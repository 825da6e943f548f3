import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./worker/edge/route-rules.ts";

export default {
  ssr: true,
  // The route rules name the prerendered pages (the articles, whose text lives in app/content/articles/*.md).
  prerender: [...prerenderedPaths],
} satisfies Config;
