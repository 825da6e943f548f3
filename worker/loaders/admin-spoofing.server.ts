import type { Capabilities } from "../capabilities.ts";
import type { AdminSpoofingPage } from "../contracts/admin-spoofing.ts";
import { AppError } from "../contracts/errors.ts";
import { previewSpoofing, type SpoofingRequest } from "../domain/accounts/admin-spoofing.ts";

/** The spoofing link's confirmation page: whom the admin is about to act as, or why the link does not work. */
export async function adminSpoofingPage(
  caps: Pick<Capabilities, "db" | "clock" | "signingKey" | "spoofingSecret">,
  request: SpoofingRequest,
): Promise<{ page: AdminSpoofingPage; status: number }> {
  try {
    const { user } = await previewSpoofing(caps, request);
    return { page: { kind: "confirm", userId: user.id, handle: user.handle, name: user.name }, status: 200 };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { page: { kind: "refused", message: error.message }, status: error.status };
  }
}
