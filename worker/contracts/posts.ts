import { z } from "zod/mini";
import { campaignStatusSchema, postStatusSchema } from "./vocabulary.ts";
import { isVisiblyBlank, personTextChecks, textProblem } from "./text.ts";
import { rulesOf } from "./networks/registry.ts";
import { networkSchema, type Network } from "./networks/rules.ts";

/** The post editor's boundary, shared by the browser and the worker (SPEC.md section 3, "Post creation payload"). */

export const MAX_ATTACHMENTS = 4;
/** X's limit for images; the post_attachments table checks it too. */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
export const attachmentContentTypes = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const attachmentContentTypeSchema = z.enum(attachmentContentTypes);
export type AttachmentContentType = z.infer<typeof attachmentContentTypeSchema>;

const startsWith = (bytes: Uint8Array, offset: number, expected: readonly number[]) =>
  expected.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => Array.from(text, (character) => character.charCodeAt(0));

/**
 * The image type a file really is, from its first bytes (its "magic number"), or null for anything else. A name or
 * a Content-Type header is only a claim; this is what decides. Twelve bytes are enough.
 */
export function sniffImageType(bytes: Uint8Array): AttachmentContentType | null {
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, 0, ascii("GIF87a")) || startsWith(bytes, 0, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, 0, ascii("RIFF")) && startsWith(bytes, 8, ascii("WEBP"))) return "image/webp";
  return null;
}

export const SNIFF_BYTES = 12;

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${Math.round(size / 1024)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB`;
}

/** `POST /v1/action/post/attachment` answers with the stored attachment. */
export const attachmentSchema = z.object({
  id: z.string(),
  contentType: attachmentContentTypeSchema,
  sizeBytes: z.number().check(z.int(), z.positive()),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/**
 * The most UTF-16 units a post's text may have, checked before a network's count runs (which costs time in
 * proportion to the text). A post any network accepts stays below it: X's 280 weighted characters are at most ~2,700
 * units even for emoji sequences of 19 units counted as 2; Bluesky's 300 graphemes, in its 3,000 bytes, fewer.
 */
export const MAX_POST_CONTENT_UNITS = 4_000;

/** The text of a post: a person's text, not blank; its length on the network is checked with the network (below). */
export const postContentSchema = z.string({ error: "content is required" }).check(
  z.superRefine((text, context) => {
    const fail = (message: string) => context.addIssue({ code: "custom", message, input: text });
    if (text.length > MAX_POST_CONTENT_UNITS) return fail(`is far longer than any network allows (${MAX_POST_CONTENT_UNITS} characters)`);
    const problem = textProblem(text, "multiline");
    if (problem !== null) return fail(problem);
    if (isVisiblyBlank(text)) return fail("must not be empty");
  }),
);

/** What is wrong with a post's length on a network, as the network counts it (X's weighted count, Bluesky's graphemes). */
export function postLengthProblem(text: string, network: Network): string | null {
  if (text.length > MAX_POST_CONTENT_UNITS) return null;
  const { name, text: rules } = rulesOf(network);
  const length = rules.count(text);
  return length > rules.limit ? `is ${length} characters as ${name} counts them; ${name} allows at most ${rules.limit}` : null;
}

/**
 * The `Idempotency-Key` header of `POST /v1/action/post/create`: one press of "Post" in the browser, so that a
 * second request with the same key finds the first post instead of publishing again.
 */
export const postIdempotencyKeySchema = z
  .string({ error: "is required: send an Idempotency-Key header (a UUID made for this press of Post)" })
  .check(z.regex(/^[\x21-\x7e]{8,128}$/, "must be 8 to 128 visible ASCII characters, for example a UUID"));

/**
 * `POST /v1/action/post/create`: the spec's payload (SPEC.md section 3). `clientRequestId` is the idempotency key as
 * clients before the header sent it in the body; it is still read when the header is absent.
 */
export const createPostInputSchema = z
  .object({
    content: postContentSchema,
    /** The network to publish on, among the campaign's (docs/decisions/044-campaign-networks.md); X when not said. */
    network: z._default(networkSchema, "x"),
    attachments: z._default(
      z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(
        z.maxLength(MAX_ATTACHMENTS, `at most ${MAX_ATTACHMENTS} images can be attached`),
        z.refine((ids) => new Set(ids).size === ids.length, "lists the same image twice"),
      ),
      [],
    ),
    campaignId: z.string({ error: "campaignId is required" }).check(z.minLength(1, "campaignId is required"), z.maxLength(128)),
    selectedSuggestionId: z.pipe(
      z.nullish(z.string().check(z.minLength(1), z.maxLength(128))),
      z.transform((id) => id ?? null),
    ),
    clientRequestId: z.optional(z.uuid({ error: "must be a UUID made by the browser for this submission" })),
  })
  .check(
    z.superRefine((input, context) => {
      const problem = postLengthProblem(input.content, input.network);
      if (problem !== null) context.addIssue({ code: "custom", message: problem, input: input.content, path: ["content"] });
    }),
  );
export type CreatePostInput = z.input<typeof createPostInputSchema>;

/** A post as the editor gets it back. */
export const createdPostSchema = z.object({
  id: z.string(),
  campaignId: z.string(),
  content: z.string(),
  status: postStatusSchema,
  campaignWeek: z.number().check(z.int(), z.positive()),
  selectedSuggestionId: z.nullable(z.string()),
  network: networkSchema,
  networkPostId: z.nullable(z.string()),
  postedAt: z.number(),
  attachments: z.array(attachmentSchema),
});
export type CreatedPost = z.infer<typeof createdPostSchema>;

/**
 * `GET /v1/action/post/options`: where the creator can post now. `accounts`: the networks of those campaigns the
 * creator has an account on, and whether the network lets Chorus post for them already (X asks for write access
 * separately; docs/decisions/044-campaign-networks.md).
 */
export const postOptionsSchema = z.object({
  accounts: z.array(z.object({ network: networkSchema, canPublish: z.boolean() })),
  campaigns: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      advertiserName: z.string(),
      status: campaignStatusSchema,
      endsAt: z.number(),
      requiredMentions: z.array(z.string()),
      requiredHashtags: z.array(z.string()),
      requiredLink: z.nullable(z.string()),
      /** What the post must open with (docs/decisions/041-disclosure.md); the editor puts it there. */
      disclosure: z.string(),
      /** The networks the campaign runs on, X first. */
      networks: z.array(networkSchema),
      suggestions: z.array(z.object({ id: z.string(), text: z.string() })),
    }),
  ),
});
export type PostOptions = z.infer<typeof postOptionsSchema>;
export type PostableCampaign = PostOptions["campaigns"][number];

export const MAX_FEEDBACK_LENGTH = 5000;

/** `POST /v1/feedback`: the editor in feedback mode; the text goes to the admins' inbox. */
export const feedbackInputSchema = z.object({
  content: z.string({ error: "content is required" }).check(...personTextChecks("multiline", MAX_FEEDBACK_LENGTH, "must not be empty")),
  pagePath: z.pipe(
    z.nullish(
      z
        .string()
        .check(z.maxLength(1024, "must be at most 1024 characters"), z.regex(/^\/(?!\/)/, "must be a path on this site, starting with /")),
    ),
    z.transform((path) => path ?? null),
  ),
});
export type FeedbackInput = z.input<typeof feedbackInputSchema>;

export const feedbackReceiptSchema = z.object({ id: z.string(), createdAt: z.number() });

/** The API error code that tells the editor to offer the write login. */
export const X_WRITE_ACCESS_REQUIRED = "x_write_access_required";
