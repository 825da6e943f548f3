import { z } from "zod";

/**
 * The one client for X (OAuth 2.0 and API v2). Production talks to x.com / api.x.com; locally the same code talks
 * to the X emulator — only the configured URLs differ.
 */
export type XClientConfig = { authorizeUrl: string; apiBaseUrl: string; clientId: string; clientSecret: string };

/** An error answer from X (or no answer: 503). Plain fields, no parameter properties: Node's type stripping loads it. */
export class XApiError extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  /** When X's rate limit resets (ms), if X said. */
  readonly rateLimitResetAt: number | null;

  constructor(status: number, title: string, detail: string, rateLimitResetAt: number | null = null) {
    super(`X answered ${status} ${title}: ${detail}`);
    this.name = "XApiError";
    this.status = status;
    this.title = title;
    this.detail = detail;
    this.rateLimitResetAt = rateLimitResetAt;
  }

  get isRateLimited(): boolean {
    return this.status === 429;
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }
}

const tokenResponseSchema = z.object({
  token_type: z.string(),
  expires_in: z.number().int().positive(),
  access_token: z.string().min(1),
  scope: z.string(),
  refresh_token: z.string().min(1).optional(),
});

export type XTokenSet = { accessToken: string; refreshToken: string | null; expiresInSeconds: number; scopes: string[] };

const meResponseSchema = z.object({
  data: z.object({
    id: z.string(),
    name: z.string(),
    username: z.string(),
    profile_image_url: z.string().optional(),
  }),
});
export type XUser = { id: string; name: string; handle: string; avatarUrl: string | null };

const createPostResponseSchema = z.object({ data: z.object({ id: z.string(), text: z.string() }) });

const mediaUploadResponseSchema = z.object({
  data: z.object({ id: z.string().regex(/^\d+$/), media_key: z.string().optional(), expires_after_secs: z.number().optional() }),
});

const publicMetricsSchema = z.object({
  retweet_count: z.number().int().nonnegative(),
  reply_count: z.number().int().nonnegative(),
  like_count: z.number().int().nonnegative(),
  quote_count: z.number().int().nonnegative(),
  bookmark_count: z.number().int().nonnegative().default(0),
  impression_count: z.number().int().nonnegative().default(0),
});
export type XPublicMetrics = z.infer<typeof publicMetricsSchema>;

const entitiesSchema = z
  .object({ urls: z.array(z.object({ url: z.string(), expanded_url: z.string().optional() })).optional() })
  .loose()
  .optional();

const lookupResponseSchema = z.object({
  data: z
    .array(
      z.object({
        id: z.string(),
        text: z.string(),
        author_id: z.string().optional(),
        created_at: z.string().optional(),
        public_metrics: publicMetricsSchema.optional(),
        paid_partnership: z.boolean().optional(),
        entities: entitiesSchema,
      }),
    )
    .optional(),
  errors: z.array(z.object({ resource_id: z.string().optional(), value: z.string().optional() }).loose()).optional(),
});
export type XPostLookup = {
  found: { id: string; text: string; authorId: string | null; paidPartnership: boolean; metrics: XPublicMetrics | null }[];
  missing: string[];
};

const timelinePostSchema = z.object({
  id: z.string(),
  text: z.string(),
  created_at: z.string(),
  entities: entitiesSchema,
});
const timelineResponseSchema = z.object({
  data: z.array(timelinePostSchema).optional(),
  meta: z.object({ result_count: z.number(), next_token: z.string().optional() }).loose().optional(),
});
/** A post of a user's timeline with its text as it was sent: X's t.co links expanded and its HTML escapes undone. */
export type XTimelinePost = { id: string; text: string; createdAt: number };

const HTML_ESCAPES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">" };

/** X answers `text` with links shortened to t.co and `&`, `<`, `>` escaped; this is the text the author sent. */
function sentText(post: { text: string; entities?: z.infer<typeof entitiesSchema> }): string {
  let text = post.text.replace(/&(amp|lt|gt);/g, (escape) => HTML_ESCAPES[escape] ?? escape);
  for (const link of post.entities?.urls ?? []) {
    if (link.expanded_url !== undefined) text = text.replace(link.url, link.expanded_url);
  }
  return text;
}

const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });
const problemSchema = z.object({ title: z.string().optional(), detail: z.string().optional() }).loose();
const legacyErrorsSchema = z.object({ errors: z.array(z.object({ message: z.string() }).loose()).min(1) });

async function errorFrom(response: Response): Promise<XApiError> {
  const reset = Number(response.headers.get("x-rate-limit-reset"));
  const resetAt = Number.isFinite(reset) && reset > 0 ? reset * 1000 : null;
  const body: unknown = await response.json().catch(() => null);
  const oauth = oauthErrorSchema.safeParse(body);
  if (oauth.success) return new XApiError(response.status, oauth.data.error, oauth.data.error_description ?? "", resetAt);
  const legacy = legacyErrorsSchema.safeParse(body);
  if (legacy.success) {
    return new XApiError(response.status, response.statusText, legacy.data.errors.map((e) => e.message).join("; "), resetAt);
  }
  const problem = problemSchema.safeParse(body);
  const title = (problem.success ? problem.data.title : undefined) ?? response.statusText;
  const detail = (problem.success ? problem.data.detail : undefined) ?? "";
  return new XApiError(response.status, title, detail, resetAt);
}

export function createXClient(config: XClientConfig, fetcher: typeof fetch = fetch) {
  const basicAuth = `Basic ${btoa(`${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`)}`;

  async function call(path: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetcher(`${config.apiBaseUrl}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      throw new XApiError(503, "Unavailable", error instanceof Error ? error.message : "X did not answer");
    }
    if (!response.ok) throw await errorFrom(response);
    return response;
  }

  async function tokenRequest(form: Record<string, string>): Promise<XTokenSet> {
    const response = await call("/2/oauth2/token", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: basicAuth },
      body: new URLSearchParams({ ...form, client_id: config.clientId }),
    });
    const tokens = tokenResponseSchema.parse(await response.json());
    return {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? null,
      expiresInSeconds: tokens.expires_in,
      scopes: tokens.scope.split(" ").filter((scope) => scope.length > 0),
    };
  }

  const bearer = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}` });

  return {
    authorizeUrl(options: { redirectUri: string; scopes: string[]; state: string; codeChallenge: string }): string {
      const url = new URL(config.authorizeUrl);
      url.search = new URLSearchParams({
        response_type: "code",
        client_id: config.clientId,
        redirect_uri: options.redirectUri,
        scope: options.scopes.join(" "),
        state: options.state,
        code_challenge: options.codeChallenge,
        code_challenge_method: "S256",
      }).toString();
      return url.toString();
    },

    exchangeCode(options: { code: string; redirectUri: string; codeVerifier: string }): Promise<XTokenSet> {
      return tokenRequest({
        grant_type: "authorization_code",
        code: options.code,
        redirect_uri: options.redirectUri,
        code_verifier: options.codeVerifier,
      });
    },

    refresh(refreshToken: string): Promise<XTokenSet> {
      return tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken });
    },

    async me(accessToken: string): Promise<XUser> {
      const response = await call("/2/users/me?user.fields=profile_image_url", { headers: bearer(accessToken) });
      const { data } = meResponseSchema.parse(await response.json());
      return { id: data.id, name: data.name, handle: data.username, avatarUrl: data.profile_image_url ?? null };
    },

    /** `paidPartnership` asks X for its "Paid partnership" label (`paid_partnership: true`, X API since 2026-06-03). */
    async createPost(
      accessToken: string,
      post: { text: string; mediaIds?: string[]; paidPartnership?: boolean },
    ): Promise<{ id: string; text: string }> {
      const body = {
        text: post.text,
        ...(post.mediaIds?.length ? { media: { media_ids: post.mediaIds } } : {}),
        ...(post.paidPartnership === true ? { paid_partnership: true } : {}),
      };
      const response = await call("/2/tweets", {
        method: "POST",
        headers: { ...bearer(accessToken), "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      return createPostResponseSchema.parse(await response.json()).data;
    },

    /**
     * X API v2 one-shot upload (`POST /2/media/upload`, multipart): one image, answered with the media id that
     * `createPost` attaches. Needs the `media.write` scope.
     */
    async uploadMedia(accessToken: string, bytes: ArrayBuffer, contentType: string): Promise<{ id: string; mediaKey: string | null }> {
      const form = new FormData();
      form.append("media", new Blob([bytes], { type: contentType }), "media");
      form.append("media_category", contentType === "image/gif" ? "tweet_gif" : "tweet_image");
      form.append("media_type", contentType);
      const response = await call("/2/media/upload", { method: "POST", headers: bearer(accessToken), body: form });
      const { data } = mediaUploadResponseSchema.parse(await response.json());
      return { id: data.id, mediaKey: data.media_key ?? null };
    },

    async deletePost(accessToken: string, postId: string): Promise<void> {
      await call(`/2/tweets/${encodeURIComponent(postId)}`, { method: "DELETE", headers: bearer(accessToken) });
    },

    /**
     * A user's posts since `since` (ms), newest first, at most `limit` (X's `GET /2/users/:id/tweets`, scopes
     * `tweet.read` and `users.read`): how Chorus finds a post it published but could not record.
     */
    async recentPosts(accessToken: string, xUserId: string, options: { since: number; limit: number }): Promise<XTimelinePost[]> {
      const posts: XTimelinePost[] = [];
      let pageToken: string | undefined;
      do {
        const query = new URLSearchParams({
          max_results: String(Math.min(100, Math.max(5, options.limit - posts.length))),
          start_time: new Date(options.since).toISOString(),
          "tweet.fields": "created_at,entities",
          exclude: "retweets,replies",
          ...(pageToken === undefined ? {} : { pagination_token: pageToken }),
        });
        const response = await call(`/2/users/${encodeURIComponent(xUserId)}/tweets?${query}`, { headers: bearer(accessToken) });
        const body = timelineResponseSchema.parse(await response.json());
        for (const post of body.data ?? []) posts.push({ id: post.id, text: sentText(post), createdAt: Date.parse(post.created_at) });
        pageToken = body.meta?.next_token;
      } while (pageToken !== undefined && posts.length < options.limit);
      return posts.slice(0, options.limit);
    },

    async lookupPosts(accessToken: string, postIds: string[]): Promise<XPostLookup> {
      const query = new URLSearchParams({
        ids: postIds.join(","),
        "tweet.fields": "public_metrics,created_at,author_id,entities,paid_partnership",
      });
      const response = await call(`/2/tweets?${query}`, { headers: bearer(accessToken) });
      const body = lookupResponseSchema.parse(await response.json());
      return {
        found: (body.data ?? []).map((post) => ({
          id: post.id,
          text: sentText(post),
          authorId: post.author_id ?? null,
          paidPartnership: post.paid_partnership === true,
          metrics: post.public_metrics ?? null,
        })),
        missing: (body.errors ?? []).flatMap((error) => {
          const id = error.resource_id ?? error.value;
          return id === undefined ? [] : [id];
        }),
      };
    },
  };
}

export type XClient = ReturnType<typeof createXClient>;
