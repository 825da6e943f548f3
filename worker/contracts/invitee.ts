import { z } from "zod/mini";
import { networkAccounts } from "./networks/accounts.ts";
import { networks, networkSchema, type Network } from "./networks/rules.ts";

/**
 * The one person an invitation may be for (campaign and advertiser member invitations): a handle on a network. The
 * handle follows the chosen network's rules; the network is the first of `networks` when the caller names none.
 */
export const inviteeInputFields = {
  /** Only the person with this handle on `inviteeNetwork` may use the invitation; anyone when absent or empty. */
  inviteeHandle: z.pipe(
    z.optional(z.union([z.string(), z.null()])),
    z.transform((handle) => {
      const trimmed = handle?.trim().replace(/^@/, "") ?? "";
      return trimmed === "" ? undefined : trimmed;
    }),
  ),
  inviteeNetwork: z._default(networkSchema, networks[0]),
};

/** How many days an invitation stays valid, when the caller says: a whole number from 1 to `maxDays`. */
export function invitationDaysField(maxDays: number) {
  return z.optional(
    z
      .number()
      .check(
        z.int("must be a whole number of days"),
        z.gte(1, "must be at least 1 day"),
        z.lte(maxDays, `must be at most ${maxDays} days`),
      ),
  );
}

/** The check an input object with `inviteeInputFields` carries: the handle is one the chosen network allows. */
export const inviteeHandleCheck = z.superRefine((input: { inviteeHandle?: string | undefined; inviteeNetwork: Network }, context) => {
  if (input.inviteeHandle === undefined) return;
  const accounts = networkAccounts[input.inviteeNetwork];
  if (!accounts.handle.pattern.test(input.inviteeHandle)) {
    context.addIssue({
      code: "custom",
      message: `must be a handle on ${accounts.name}: ${accounts.handle.description}`,
      path: ["inviteeHandle"],
      input,
    });
  }
});

/** An invitation's invitee as the answers show it: both null when anyone may use it. */
export const inviteeOutputFields = {
  inviteeHandle: z.nullable(z.string()),
  inviteeNetwork: z.nullable(networkSchema),
};

/** "@ada on Bluesky": how messages name the person an invitation is for. */
export function describeInvitee(handle: string, network: Network): string {
  return `@${handle} on ${networkAccounts[network].name}`;
}

function sameHandle(a: string, b: string): boolean {
  return a.replace(/^@/, "").toLowerCase() === b.replace(/^@/, "").toLowerCase();
}

/** A person's account on a network, as the invitee check compares it. */
export type HandleOnNetwork = { network: Network; handle: string };

/**
 * Why an invitation for one person is not for the signed-in one, in words, or null when it is theirs (or anyone's):
 * they must have an account on the invitation's network with its handle. The words name the account they have there,
 * else the first one they have.
 */
export function inviteeMismatch(
  invitee: { inviteeHandle: string | null; inviteeNetwork: Network | null },
  accounts: readonly HandleOnNetwork[],
): string | null {
  const { inviteeHandle, inviteeNetwork } = invitee;
  if (inviteeHandle === null || inviteeNetwork === null) return null;
  const onNetwork = accounts.find((account) => account.network === inviteeNetwork);
  if (onNetwork !== undefined && sameHandle(onNetwork.handle, inviteeHandle)) return null;
  const shown = onNetwork ?? accounts[0];
  const signedInAs =
    shown === undefined
      ? ""
      : `, and you are signed in as ${shown.network === inviteeNetwork ? `@${shown.handle}` : describeInvitee(shown.handle, shown.network)}`;
  return `This invitation is for ${describeInvitee(inviteeHandle, inviteeNetwork)}${signedInAs}.`;
}
