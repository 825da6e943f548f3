import { InvalidStateError } from "../shared/json-state-file.ts";

/** Everything the X emulator remembers between runs. Tokens are kept in plain text: it is a local stand-in. */
export type XAccount = { id: string; username: string; name: string; createdAt: number };

export type XUrlEntity = { start: number; end: number; url: string; expanded_url: string; display_url: string };

export type XTweet = {
  id: string;
  authorId: string;
  /** The text as X shows it: links replaced by t.co links. */
  text: string;
  /** The text as it was sent, for the duplicate-content check. */
  sourceText: string;
  urls: XUrlEntity[];
  mediaIds: string[];
  createdAt: number;
  deletedAt: number | null;
  /**
   * X's "Paid partnership" label (`paid_partnership: true` when posting, API since 2026-06-03); a test may take it off
   * (POST /emulator/tweets/:id/paid-partnership). Absent in state files written before the field.
   */
  paidPartnership?: boolean;
};

/** An uploaded image, usable in posts by its uploader until it expires. The bytes are not kept: nobody reads them. */
export type XMedia = {
  id: string;
  accountId: string;
  mediaType: string;
  category: string;
  size: number;
  sha256: string;
  createdAt: number;
  expiresAt: number;
};

export type CodeChallengeMethod = "S256" | "plain";

export type XAuthorizationCode = {
  code: string;
  clientId: string;
  accountId: string;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string;
  codeChallengeMethod: CodeChallengeMethod;
  expiresAt: number;
};

export type XAccessToken = { token: string; clientId: string; accountId: string; scopes: string[]; expiresAt: number };

export type XRefreshToken = { token: string; clientId: string; accountId: string; scopes: string[]; issuedAt: number };

export type XState = {
  version: 1;
  /** Feeds the sequence bits of the snowflake ids, so ids stay unique across restarts. */
  sequence: number;
  accounts: XAccount[];
  tweets: XTweet[];
  codes: XAuthorizationCode[];
  accessTokens: XAccessToken[];
  refreshTokens: XRefreshToken[];
  media: XMedia[];
};

export function emptyState(): XState {
  return { version: 1, sequence: 0, accounts: [], tweets: [], codes: [], accessTokens: [], refreshTokens: [], media: [] };
}

/** Drops what can never be used again, so the state file does not grow without end. */
export function pruneExpired(state: XState, now: number): void {
  state.codes = state.codes.filter((code) => code.expiresAt > now);
  state.accessTokens = state.accessTokens.filter((token) => token.expiresAt > now);
  state.media = state.media.filter((media) => media.expiresAt > now);
}

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function fields(value: unknown, where: string): Fields {
  if (!isFields(value)) throw new InvalidStateError(`${where} should be an object`);
  return value;
}

function text(record: Fields, key: string, where: string): string {
  const value = record[key];
  if (typeof value !== "string") throw new InvalidStateError(`${where}.${key} should be a string`);
  return value;
}

function number(record: Fields, key: string, where: string): number {
  const value = record[key];
  if (typeof value !== "number" || !Number.isFinite(value)) throw new InvalidStateError(`${where}.${key} should be a number`);
  return value;
}

function texts(record: Fields, key: string, where: string): string[] {
  const value = record[key];
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
    throw new InvalidStateError(`${where}.${key} should be a list of strings`);
  }
  return value;
}

function list<T>(record: Fields, key: string, parseItem: (item: Fields, where: string) => T): T[] {
  const value = record[key];
  if (!Array.isArray(value)) throw new InvalidStateError(`${key} should be a list`);
  return value.map((item, index) => parseItem(fields(item, `${key}[${index}]`), `${key}[${index}]`));
}

function challengeMethod(record: Fields, where: string): CodeChallengeMethod {
  const value = text(record, "codeChallengeMethod", where);
  if (value !== "S256" && value !== "plain") throw new InvalidStateError(`${where}.codeChallengeMethod is unknown`);
  return value;
}

function urlEntity(value: unknown, where: string): XUrlEntity {
  const record = fields(value, where);
  return {
    start: number(record, "start", where),
    end: number(record, "end", where),
    url: text(record, "url", where),
    expanded_url: text(record, "expanded_url", where),
    display_url: text(record, "display_url", where),
  };
}

/** Reads a state file's JSON, refusing anything that does not have the expected shape. */
export function parseState(json: unknown): XState {
  const root = fields(json, "state");
  if (root.version !== 1) throw new InvalidStateError("state.version should be 1");
  return {
    version: 1,
    sequence: number(root, "sequence", "state"),
    accounts: list(root, "accounts", (item, where) => ({
      id: text(item, "id", where),
      username: text(item, "username", where),
      name: text(item, "name", where),
      createdAt: number(item, "createdAt", where),
    })),
    tweets: list(root, "tweets", (item, where) => {
      const urls = item.urls;
      if (!Array.isArray(urls)) throw new InvalidStateError(`${where}.urls should be a list`);
      const deletedAt = item.deletedAt;
      if (deletedAt !== null && typeof deletedAt !== "number") {
        throw new InvalidStateError(`${where}.deletedAt should be a number or null`);
      }
      return {
        id: text(item, "id", where),
        authorId: text(item, "authorId", where),
        text: text(item, "text", where),
        sourceText: text(item, "sourceText", where),
        urls: urls.map((url, index) => urlEntity(url, `${where}.urls[${index}]`)),
        mediaIds: texts(item, "mediaIds", where),
        createdAt: number(item, "createdAt", where),
        deletedAt,
        ...(typeof item.paidPartnership === "boolean" ? { paidPartnership: item.paidPartnership } : {}),
      };
    }),
    codes: list(root, "codes", (item, where) => ({
      code: text(item, "code", where),
      clientId: text(item, "clientId", where),
      accountId: text(item, "accountId", where),
      redirectUri: text(item, "redirectUri", where),
      scopes: texts(item, "scopes", where),
      codeChallenge: text(item, "codeChallenge", where),
      codeChallengeMethod: challengeMethod(item, where),
      expiresAt: number(item, "expiresAt", where),
    })),
    accessTokens: list(root, "accessTokens", (item, where) => ({
      token: text(item, "token", where),
      clientId: text(item, "clientId", where),
      accountId: text(item, "accountId", where),
      scopes: texts(item, "scopes", where),
      expiresAt: number(item, "expiresAt", where),
    })),
    refreshTokens: list(root, "refreshTokens", (item, where) => ({
      token: text(item, "token", where),
      clientId: text(item, "clientId", where),
      accountId: text(item, "accountId", where),
      scopes: texts(item, "scopes", where),
      issuedAt: number(item, "issuedAt", where),
    })),
    // Files written before media uploads existed have no list.
    media:
      root.media === undefined
        ? []
        : list(root, "media", (item, where) => ({
            id: text(item, "id", where),
            accountId: text(item, "accountId", where),
            mediaType: text(item, "mediaType", where),
            category: text(item, "category", where),
            size: number(item, "size", where),
            sha256: text(item, "sha256", where),
            createdAt: number(item, "createdAt", where),
            expiresAt: number(item, "expiresAt", where),
          })),
  };
}
