import type { EmulatorContext } from "./context.ts";
import { formFields, redirectReply, xrpcError, type EmulatorRequest, type Reply } from "./http.ts";

/**
 * What a person can do on Bluesky outside Chorus, for tests and for trying things by hand: delete a post (the post
 * is gone from getPosts) or change its text (as an edit through another app would; the counts stay).
 */
export const DELETE_POST_PATH = "/emulator/posts/delete";
export const EDIT_POST_PATH = "/emulator/posts/edit";

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
