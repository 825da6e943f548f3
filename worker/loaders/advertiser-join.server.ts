import type { Capabilities } from "../capabilities.ts";
import type { AdvertiserJoinPage } from "../contracts/advertisers.ts";
import { AppError } from "../contracts/errors.ts";
import { previewMemberInvitation } from "../domain/advertisers/invitations.ts";

/** `/advertiser/join/{token}` (no sign-in needed): the invitation's account and whether the link still works. */
export async function advertiserJoinPage(caps: Pick<Capabilities, "db" | "clock">, token: string): Promise<AdvertiserJoinPage> {
  try {
    return { kind: "invitation", invitation: await previewMemberInvitation(caps, token) };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return { kind: "unknown" };
    throw error;
  }
}
