import { z } from "zod/mini";

/**
 * One rule for text a person types: it refuses what no person means to send, wherever text comes in (posts,
 * feedback, names, campaign fields, notifications). What is refused, and why:
 * - control characters (NUL, escape, DEL, C1…): invisible, and they break logs, CSV exports and terminals. Multi-line
 *   text keeps line feed and tab;
 * - unpaired surrogates: not text at all (half of a character), they cannot be encoded as UTF-8 without loss;
 * - text that is blank once zero-width characters are removed: it looks empty and is empty to a reader;
 * - in names only, bidirectional overrides and isolates: they make a name read differently from what it is
 *   ("invoice‮fdp.exe"), and a name is shown where another person has to trust it.
 */
export type TextKind = "name" | "line" | "multiline";

const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/gu;
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/u;
/** C0 controls, DEL and C1 controls; multi-line text keeps tab and line feed. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/u;
// eslint-disable-next-line no-control-regex -- as above
const CONTROLS_BUT_TAB_AND_LINE_FEED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/u;
/** With the u flag a well-formed pair is one code point, so only a surrogate standing alone matches. */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

const describeCodePoint = (character: string) => `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;

/** Whether the text shows nothing once zero-width characters are taken out. */
export function isVisiblyBlank(text: string): boolean {
  return text.replace(ZERO_WIDTH, "").trim() === "";
}

/** What is wrong with a text of this kind, worded for the person who sent it, or null when nothing is. */
export function textProblem(text: string, kind: TextKind): string | null {
  if (LONE_SURROGATE.test(text)) return "contains a broken character (half of a surrogate pair)";
  const control = (kind === "multiline" ? CONTROLS_BUT_TAB_AND_LINE_FEED : CONTROLS).exec(text);
  if (control !== null) {
    const allowed = kind === "multiline" ? "line breaks and tabs are fine" : "it must be one line";
    return `contains the invisible control character ${describeCodePoint(control[0])} (${allowed})`;
  }
  if (kind === "name") {
    const bidi = BIDI_CONTROLS.exec(text);
    if (bidi !== null) return `contains ${describeCodePoint(bidi[0])}, which changes the reading direction of the text after it`;
  }
  // Blank as typed (spaces) is each field's own rule: some may be empty. Blank only once zero-width is removed is not.
  if (text.trim() !== "" && isVisiblyBlank(text)) return "must not be empty: it holds only invisible characters";
  return null;
}

/** The rule as a zod refinement: `z.string().trim().max(80).superRefine(humanText("name"))`. */
export function humanText(kind: TextKind): (text: string, context: z.core.$RefinementCtx<string>) => void {
  return (text, context) => {
    const problem = textProblem(text, kind);
    if (problem !== null) context.addIssue({ code: "custom", message: problem, input: text });
  };
}

/**
 * The checks of a text field a person fills in, in order: trimmed; not empty, when `empty` gives the message for it;
 * at most `max` characters; and the rule above for its `kind`.
 */
export function personTextChecks(kind: TextKind, max: number, empty?: string): z.core.$ZodCheck<string>[] {
  return [
    z.trim(),
    ...(empty === undefined ? [] : [z.minLength(1, empty)]),
    z.maxLength(max, `must be at most ${max} characters`),
    z.superRefine(humanText(kind)),
  ];
}
