import { routing } from "../shared/http.ts";
import { createEmulator, type Emulator, type EmulatorPlace } from "../shared/server.ts";
import { safeDecode } from "../shared/serving.ts";
import type { EmulatorContext } from "./context.ts";
import {
  AGE_POST_PATH,
  CREATE_ACCOUNT_PATH,
  DELETE_POST_PATH,
  EDIT_POST_PATH,
  EXHAUST_WRITES_PATH,
  REVOKE_APPS_PATH,
  agePostControl,
  createAccountControl,
  deletePostControl,
  editPostControl,
  exhaustWritesControl,
  revokeAppsControl,
} from "./controls.ts";
import { createDpopVerifier } from "./dpop.ts";
import { MAX_BLOB_BODY_BYTES, MAX_BODY_BYTES, htmlReply, xrpcError, type EmulatorRequest, type Reply } from "./http.ts";
import { postCountsAt } from "./metrics.ts";
import {
  AUTHORIZE_PATH,
  DECIDE_PATH,
  PAR_PATH,
  REVOKE_PATH,
  TOKEN_PATH,
  authorizationServerMetadata,
  authorize,
  createAccount,
  decide,
  handleFrom,
  protectedResourceMetadata,
  pushedAuthorizationRequest,
  revoke,
  token,
} from "./oauth.ts";
import { avatarSvg, indexPage, notFoundPage } from "./pages.ts";
import { createWritePointLimiter, defaultWriteLimits, type WriteLimits } from "./rate-limit.ts";
import { emptyState, parseState, pruneExpired } from "./state.ts";
import {
  authorizeCall,
  createRecord,
  deleteRecord,
  describeServer,
  getPosts,
  getProfile,
  getSession,
  listRecords,
  methodNotImplemented,
  plcDocument,
  resolveHandle,
  uploadBlob,
} from "./xrpc.ts";
import { findAccount } from "./context.ts";

/** Its state file keeps accounts, posts, blobs and OAuth grants. */
export type BlueskyEmulatorOptions = EmulatorPlace & {
  /** The emulator's clock (epoch ms): posting times, count growth, expiries and rate-limit windows. */
  now?: () => number;
  /** Write points per account (Bluesky: 5,000 an hour, 35,000 a day). */
  writeLimits?: Partial<WriteLimits>;
  /** Accounts that exist from the start, by handle (`ada` or `ada.bsky.test`); an existing handle is kept. */
  knownAccounts?: readonly { handle: string; displayName: string }[];
};

export type BlueskyEmulator = Emulator;

const RECENT_POSTS_ON_HOME = 50;
const XRPC_PREFIX = "/xrpc/";
const UPLOAD_BLOB_PATH = "/xrpc/com.atproto.repo.uploadBlob";
const AVATAR_PATH = /^\/emulator\/avatars\/(did:plc:[a-z2-7]+)\.svg$/;
const PLC_PATH = /^\/(did:plc:[a-z2-7]{24})$/;

function home(context: EmulatorContext): Reply {
  const { state } = context;
  const posts = [...state.posts]
    .sort((a, b) => b.indexedAt - a.indexedAt)
    .slice(0, RECENT_POSTS_ON_HOME)
    .map((post) => ({
      post,
      author: state.accounts.find((account) => account.did === post.did),
      counts: post.deletedAt === null ? postCountsAt(post.uri, post.indexedAt, context.now()) : null,
    }));
  return htmlReply(200, indexPage({ accounts: state.accounts, posts }));
}

async function xrpc(request: EmulatorRequest, context: EmulatorContext, nsid: string, method: string): Promise<Reply> {
  // Calls that need no session: identity, the server's description, and the public app view's reads.
  if (method === "GET" && nsid === "com.atproto.identity.resolveHandle") return resolveHandle(request, context);
  if (method === "GET" && nsid === "com.atproto.server.describeServer") return describeServer(context);
  if (method === "GET" && nsid === "app.bsky.feed.getPosts") return getPosts(request, context);
  if (method === "GET" && nsid === "app.bsky.actor.getProfile") return getProfile(request, context);
  if (method === "GET" && nsid === "com.atproto.repo.listRecords") return listRecords(request, context);
  const known: Record<string, string> = {
    "com.atproto.server.getSession": "GET",
    "com.atproto.repo.createRecord": "POST",
    "com.atproto.repo.deleteRecord": "POST",
    "com.atproto.repo.uploadBlob": "POST",
  };
  if (known[nsid] === undefined) return methodNotImplemented();
  if (known[nsid] !== method) return xrpcError(400, "InvalidRequest", `Incorrect HTTP method (${method}) expected ${known[nsid]}`);
  const authorized = await authorizeCall(request, context);
  if ("status" in authorized) return authorized;
  if (nsid === "com.atproto.server.getSession") return getSession(authorized, context);
  if (nsid === "com.atproto.repo.createRecord") return createRecord(request, context, authorized);
  if (nsid === "com.atproto.repo.deleteRecord") return deleteRecord(request, context, authorized);
  return uploadBlob(request, context, authorized);
}

async function route(request: EmulatorRequest, context: EmulatorContext): Promise<Reply> {
  const { path, method, is } = routing(request);

  if (method === "OPTIONS") {
    return {
      status: 204,
      headers: {
        "access-control-allow-origin": "*",
        "access-control-allow-methods": "GET, POST",
        "access-control-allow-headers": "authorization, content-type, dpop, atproto-proxy, atproto-accept-labelers",
      },
      body: "",
    };
  }
  if (is("GET", "/")) return home(context);
  if (is("GET", "/.well-known/oauth-protected-resource")) return protectedResourceMetadata(context);
  if (is("GET", "/.well-known/oauth-authorization-server")) return authorizationServerMetadata(context);
  if (is("POST", PAR_PATH)) return pushedAuthorizationRequest(request, context);
  if (is("GET", AUTHORIZE_PATH)) return authorize(request, context);
  if (is("POST", DECIDE_PATH)) return decide(request, context);
  if (is("POST", TOKEN_PATH)) return token(request, context);
  if (is("POST", REVOKE_PATH)) return revoke(request, context);
  if (is("POST", DELETE_POST_PATH)) return deletePostControl(request, context);
  if (is("POST", EDIT_POST_PATH)) return editPostControl(request, context);
  if (is("POST", AGE_POST_PATH)) return agePostControl(request, context);
  if (is("POST", CREATE_ACCOUNT_PATH)) return createAccountControl(request, context);
  if (is("POST", REVOKE_APPS_PATH)) return revokeAppsControl(request, context);
  if (is("POST", EXHAUST_WRITES_PATH)) return exhaustWritesControl(request, context);
  if (path.startsWith(XRPC_PREFIX)) return xrpc(request, context, path.slice(XRPC_PREFIX.length), method);
  const did = method === "GET" ? PLC_PATH.exec(safeDecode(path))?.[1] : undefined;
  if (did !== undefined) return plcDocument(context, did);
  const avatarOf = method === "GET" ? AVATAR_PATH.exec(safeDecode(path))?.[1] : undefined;
  if (avatarOf !== undefined) {
    const account = findAccount(context.state, avatarOf);
    if (account !== undefined)
      return {
        status: 200,
        headers: { "content-type": "image/svg+xml; charset=utf-8", "cache-control": "public, max-age=86400" },
        body: avatarSvg(account),
      };
  }
  return htmlReply(404, notFoundPage(path));
}

/**
 * A local stand-in for Bluesky: one HTTP server that is the user's PDS (AT Protocol OAuth with PAR, PKCE and DPoP,
 * and com.atproto.repo writes), the PLC directory that resolves its DIDs, and the public app view that reads posts.
 * The product reaches it through the official @atproto client packages, configured with its URLs.
 */
export function createBlueskyEmulator(options: BlueskyEmulatorOptions): BlueskyEmulator {
  const now = options.now ?? (() => Date.now());
  const limits: WriteLimits = { ...defaultWriteLimits, ...options.writeLimits };
  return createEmulator(options, {
    name: "Bluesky emulator",
    baseUrl: "http://bluesky-emulator.local",
    state: { empty: emptyState, parse: parseState },
    maxBodyBytes: (path) => (path === UPLOAD_BLOB_PATH ? MAX_BLOB_BODY_BYTES : MAX_BODY_BYTES),
    async open(file, origin) {
      const context: EmulatorContext = {
        state: file.state,
        save() {
          pruneExpired(file.state, now());
          return file.save();
        },
        now,
        origin,
        dpop: createDpopVerifier(now),
        limiter: createWritePointLimiter(limits, now),
      };
      let added = false;
      for (const known of options.knownAccounts ?? []) {
        const handle = handleFrom(known.handle);
        if (handle === null || findAccount(file.state, handle) !== undefined) continue;
        createAccount(context, handle, known.displayName);
        added = true;
      }
      if (added) await file.save();
      return context;
    },
    route,
    tooLarge: (message) => xrpcError(413, "PayloadTooLarge", message),
    failed: () => xrpcError(500, "InternalServerError", "The Bluesky emulator failed; see its log."),
  });
}
