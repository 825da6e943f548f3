import { createContext, use } from "react";

/** What `modal_to_open` names to reopen the editor after the write login. */
export const POST_EDITOR_MODAL = "post-editor";

export type PostEditorMode = "post" | "feedback";
export type OpenPostEditorOptions = { mode: PostEditorMode; campaignId?: string };

export type PostEditorControls = { open(options: OpenPostEditorOptions): void };

/** Filled by `PostEditorProvider` (`post-editor-provider.tsx`); the editor's views never import the provider. */
export const PostEditorContext = createContext<PostEditorControls | null>(null);

/** Opens the post editor: `open({ mode: "post", campaignId })` or `open({ mode: "feedback" })`. */
export function usePostEditor(): PostEditorControls {
  const controls = use(PostEditorContext);
  if (controls === null) throw new Error("usePostEditor() needs a <PostEditorProvider> around it");
  return controls;
}
