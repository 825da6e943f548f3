import { z } from "zod/mini";
import { textProblem } from "./text.ts";

/**
 * The disclosure every sponsored post opens with (docs/decisions/041-disclosure.md): the FTC's "clear and
 * conspicuous", the ASA/CMA's "#ad" up front. Shared by the editor (which puts it first) and the worker (which
 * refuses a post without it, and checks it is still there when the post matures).
 */
export const DEFAULT_DISCLOSURE = "#ad";
export const MAX_DISCLOSURE_LENGTH = 40;

/** Words that say "advertising" plainly, as the ASA's guidance lists them; "#sp" or "#spon" do not. */
const PLAIN_LABEL = /(^|[^\p{L}\p{N}])(ad|advert|advertisement|advertising|sponsored|paid partnership|paidpartnership)([^\p{L}\p{N}]|$)/iu;

export const disclosureSchema = z.string().check(
  z.superRefine((text, context) => {
    const fail = (message: string) => context.addIssue({ code: "custom", message, input: text });
    const trimmed = text.trim();
    if (trimmed.length < 2 || trimmed.length > MAX_DISCLOSURE_LENGTH) return fail(`must be 2 to ${MAX_DISCLOSURE_LENGTH} characters`);
    const problem = textProblem(trimmed, "name");
    if (problem !== null) return fail(problem);
    if (!PLAIN_LABEL.test(trimmed)) return fail("must say plainly that it is an ad, such as #ad, Ad: or #sponsored");
  }),
);

const isWordCharacter = (character: string | undefined) => character !== undefined && /[\p{L}\p{N}_]/u.test(character);

/** Whether the post opens with the disclosure (case aside), as a word of its own: "#adventure" is not "#ad". */
export function startsWithDisclosure(text: string, disclosure: string): boolean {
  const opening = text.normalize("NFC").trimStart();
  const wanted = disclosure.normalize("NFC").trim();
  if (opening.slice(0, wanted.length).toLowerCase() !== wanted.toLowerCase()) return false;
  return !(isWordCharacter(wanted.at(-1)) && isWordCharacter(opening[wanted.length]));
}

/** The text with the disclosure at its start (unchanged when it is there already). */
export function withDisclosure(text: string, disclosure: string): string {
  if (startsWithDisclosure(text, disclosure)) return text;
  const rest = text.trimStart();
  return rest === "" ? `${disclosure.trim()} ` : `${disclosure.trim()} ${rest}`;
}

/** Why a post lacking the disclosure is refused, as the editor and the API say it. */
export function missingDisclosureMessage(disclosure: string): string {
  return `A sponsored post must open with ${disclosure.trim()} so readers know it is an ad (FTC and ASA rules). Put ${disclosure.trim()} at the start of the post.`;
}
