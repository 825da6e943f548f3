/**
 * What a campaign requires a post's text to contain (PRODUCT.md "Campaigns"): its mentions, hashtags and link. One
 * rule, pure and shared: the server's verdict at maturity (`worker/domain/rewards/rules.ts`) and the post editor's
 * "(included)"/"(missing)" marks both come from `checkPostRequirements`, so the editor shows what the server decides.
 */

export type TagSigil = "@" | "#";

/** The requirements of a campaign as its rules (and the post options) carry them. */
export type PostRequirements = {
  readonly requiredMentions: readonly string[];
  readonly requiredHashtags: readonly string[];
  readonly requiredLink: string | null;
};

export type RequirementKind = "mention" | "hashtag" | "link";

/** One requirement: what it is, how it is shown (`@name`, `#tag`, the link as given) and whether the text meets it. */
export type RequirementCheck = { kind: RequirementKind; shown: string; met: boolean };

/** A required mention or hashtag without its sigil, however the campaign stored it: `@aurora` and `aurora` → `aurora`. */
export function bareTag(name: string): string {
  return name.replace(/^[@#]/, "");
}

/** The mention as people see it: `@name`. */
export function shownMention(name: string): string {
  return `@${bareTag(name)}`;
}

/** The hashtag as people see it: `#tag`. */
export function shownHashtag(tag: string): string {
  return `#${bareTag(tag)}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** `@name` / `#tag` as a whole word, in any letter case: `@aurora` is not found in `@auroraX` or `mail@aurora`. */
export function containsTag(content: string, sigil: TagSigil, name: string): boolean {
  return new RegExp(`(^|[^\\w@#])${escapeRegExp(sigil + bareTag(name))}(?!\\w)`, "iu").test(content);
}

export function containsMention(content: string, name: string): boolean {
  return containsTag(content, "@", name);
}

export function containsHashtag(content: string, tag: string): boolean {
  return containsTag(content, "#", tag);
}

/** The link, with or without its scheme, `www.` or trailing slash; a longer path that merely starts with it is not it. */
export function containsLink(content: string, link: string): boolean {
  const core = link
    .replace(/^https?:\/\//i, "")
    .replace(/^www\./i, "")
    .replace(/\/+$/, "");
  return new RegExp(`(^|[\\s(])(https?://)?(www\\.)?${escapeRegExp(core)}/?(?![\\w/-])`, "iu").test(content);
}

/** Every requirement of the campaign, in order (mentions, hashtags, the link), with whether `content` meets it. */
export function checkPostRequirements(requirements: PostRequirements, content: string): RequirementCheck[] {
  return [
    ...requirements.requiredMentions.map((name) => ({
      kind: "mention" as const,
      shown: shownMention(name),
      met: containsMention(content, name),
    })),
    ...requirements.requiredHashtags.map((tag) => ({
      kind: "hashtag" as const,
      shown: shownHashtag(tag),
      met: containsHashtag(content, tag),
    })),
    ...(requirements.requiredLink === null
      ? []
      : [{ kind: "link" as const, shown: requirements.requiredLink, met: containsLink(content, requirements.requiredLink) }]),
  ];
}
