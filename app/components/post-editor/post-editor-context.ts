import { createContext, use } from "react";

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
