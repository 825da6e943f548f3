/** The articles that exist. Their text is in ./articles/{slug}.md, editable without touching code. */
export const articleSlugs = ["privacy-policy", "terms"] as const;
export type ArticleSlug = (typeof articleSlugs)[number];

export function isArticleSlug(value: string): value is ArticleSlug {
  return (articleSlugs as readonly string[]).includes(value);
}
