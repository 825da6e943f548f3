import { findAccount, type EmulatorContext } from "./context.ts";
import { formFields, redirectReply, xrpcError, type EmulatorRequest, type Reply } from "./http.ts";
import { createAccount, handleFrom } from "./oauth.ts";

/**
 * What a person can do on Bluesky outside Chorus, for tests and for trying things by hand: delete a post (the post
 * is gone from getPosts) or change its text (as an edit through another app would; the counts stay), sign up (an
 * account must exist before an app can find it by its handle), revoke every app's access in the account's settings,
 * or spend the account's hourly write points (as another busy app of the account would). Time passing is one more: a
 * post can be made `hours` older (`POST /emulator/posts/age` with `uri`, `hours`), its counts then those of a post
 * that old (they grow with a post's age).
 */
export const CREATE_ACCOUNT_PATH = "/emulator/accounts";
export const REVOKE_APPS_PATH = "/emulator/accounts/revoke-apps";
export const DELETE_POST_PATH = "/emulator/posts/delete";
export const EDIT_POST_PATH = "/emulator/posts/edit";
export const EXHAUST_WRITES_PATH = "/emulator/accounts/exhaust-writes";
export const AGE_POST_PATH = "/emulator/posts/age";

const HOUR = 60 * 60 * 1000;
/** The most a post can be aged at once: a year. */
const MAX_AGE_HOURS = 24 * 366;

function livePost(context: EmulatorContext, uri: string) {
  return context.state.posts.find((post) => post.uri === uri && post.deletedAt === null);
}

export async function deletePostControl(request: EmulatorRequest, context: EmulatorContext): Promise<Reply> {
  const post = livePost(context, formFields(request).get("uri") ?? "");
  if (post === undefined) return xrpcError(404, "NotFound", "No such post");
  post.deletedAt = context.now();
  await context.save();
  return redirectReply("/");
}

export async function editPostControl(request: EmulatorRequest, context: EmulatorContext): Promise<Reply> {
  const form = formFields(request);
  const post = livePost(context, form.get("uri") ?? "");
  if (post === undefined) return xrpcError(404, "NotFound", "No such post");
  const text = form.get("text");
  if (text === null) return xrpcError(400, "InvalidRequest", "text is required");
  // Facets point at byte ranges of the old text; an edit drops them, as clients re-detect facets when writing.
  const { facets: _dropped, ...rest } = post.record;
  post.record = { ...rest, text };
  await context.save();
  return redirectReply("/");
}

export async function agePostControl(request: EmulatorRequest, context: EmulatorContext): Promise<Reply> {
  const form = formFields(request);
  const post = livePost(context, form.get("uri") ?? "");
  if (post === undefined) return xrpcError(404, "NotFound", "No such post");
  const hours = Number(form.get("hours"));
  if (!Number.isInteger(hours) || hours < 1 || hours > MAX_AGE_HOURS)
    return xrpcError(400, "InvalidRequest", `hours must be a whole number from 1 to ${MAX_AGE_HOURS}`);
  post.indexedAt -= hours * HOUR;
  await context.save();
  return redirectReply("/");
}

export async function createAccountControl(request: EmulatorRequest, context: EmulatorContext): Promise<Reply> {
  const form = formFields(request);
  const handle = handleFrom(form.get("handle") ?? "");
  if (handle === null) return xrpcError(400, "InvalidHandle", "A handle is 1 to 31 letters, digits or hyphens");
  if (findAccount(context.state, handle) !== undefined) return xrpcError(400, "HandleNotAvailable", "Handle already taken");
  createAccount(context, handle, (form.get("display_name") ?? "").trim().slice(0, 64));
  await context.save();
  return redirectReply("/");
}

export async function revokeAppsControl(request: EmulatorRequest, context: EmulatorContext): Promise<Reply> {
  const account = findAccount(context.state, formFields(request).get("handle") ?? "");
  if (account === undefined) return xrpcError(404, "NotFound", "No such account");
  context.state.tokens = context.state.tokens.filter((token) => token.did !== account.did);
  await context.save();
  return redirectReply("/");
}

export function exhaustWritesControl(request: EmulatorRequest, context: EmulatorContext): Reply {
  const account = findAccount(context.state, formFields(request).get("handle") ?? "");
  if (account === undefined) return xrpcError(404, "NotFound", "No such account");
  context.limiter.exhaust(account.did);
  return redirectReply("/");
}
