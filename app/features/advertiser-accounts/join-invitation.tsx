import { Link, useNavigate } from "react-router";
import { inviteeText } from "~/components/invitee-fields";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";
import { Notice } from "~/components/ui/notice";
import { useAcceptInvitation } from "./api/accept-invitation";
import { ApiRequestError } from "~/lib/api/http-client";
import { useCurrentUser } from "~/lib/current-user";
import { errorText } from "~/lib/error-text";
import { advertiserLoginHref } from "~/lib/login-url";
import type { AdvertiserJoinPage } from "@contracts/advertisers.ts";
import { networkAccounts } from "@contracts/networks/accounts.ts";
import { networks } from "@contracts/networks/ids.ts";
import "./advertiser-accounts.css";

const statusText = {
  expired: "This invitation has expired. Ask a member of the account for a new link.",
  revoked: "This invitation was revoked by the account. Ask a member of the account for a new link.",
  used: "This invitation has already been used: each link works once. Ask a member of the account for a new link.",
} as const;

/** `/advertiser/join/{token}`: the account and "Accept", with every outcome said in words. */
export function JoinInvitation({ page, token, path }: { page: AdvertiserJoinPage; token: string; path: string }) {
  const user = useCurrentUser();
  const accept = useAcceptInvitation(token);
  const navigate = useNavigate();

  if (page.kind === "unknown") {
    return (
      <Card as="section" className="advertiser-join">
        <h1>This invitation link does not work</h1>
        <p>Check that you copied the whole link, or ask a member of the advertiser account for a new one.</p>
        <Link to="/">Go to Chorus</Link>
      </Card>
    );
  }
  const { invitation } = page;
  const name = invitation.advertiser.name;
  const { inviteeHandle, inviteeNetwork } = invitation;
  const invitee = inviteeHandle === null || inviteeNetwork === null ? null : inviteeText(inviteeHandle, inviteeNetwork);
  // The invitee signs in with the invitation's network (with its handle when that network asks for one first).
  const signInNetwork = inviteeNetwork ?? networks[0];
  const signInNetworkName = networkAccounts[signInNetwork].name;

  return (
    <Card as="section" className="advertiser-join">
      <p className="ui-page-header-eyebrow">Advertiser account invitation</p>
      <h1>{`Join ${name} on Chorus`}</h1>
      {invitation.advertiser.tagline ? <p className="advertiser-account-tagline">{invitation.advertiser.tagline}</p> : null}

      {accept.isSuccess ? (
        <Notice
          tone="success"
          action={
            <ButtonLink variant="primary" to="/advertiser">
              Go to your advertiser accounts
            </ButtonLink>
          }
        >
          <p>{`You are now ${accept.data.role === "owner" ? "an owner" : "a member"} of ${name}.`}</p>
        </Notice>
      ) : invitation.status !== "ok" ? (
        <Notice tone="warning" announce="alert">
          {statusText[invitation.status]}
        </Notice>
      ) : user === null ? (
        <>
          <p>
            {`You are invited to become a member of ${name}. Sign in with the ${signInNetworkName} account you use for work to accept; you will come back to this page.`}
            {invitee === null ? "" : ` This invitation is for ${invitee}.`}
          </p>
          <div className="advertiser-join-actions">
            <ButtonLink variant="primary" to={advertiserLoginHref(path, signInNetwork, inviteeHandle)} reloadDocument>
              {`Sign in with ${signInNetworkName} to accept`}
            </ButtonLink>
          </div>
        </>
      ) : (
        <>
          <p>
            {`You are signed in as @${user.twitterHandle}. Accepting makes you a member of ${name}; the link then stops working for anyone else. It is valid until `}
            <DateTime value={invitation.expiresAt} />.
          </p>
          {invitee === null ? null : (
            <p>{`This invitation is for ${invitee}: accept it signed in with that account, or with one it is linked to.`}</p>
          )}
          {accept.isError ? (
            <Notice tone="danger" announce="alert">
              {errorText(accept.error instanceof ApiRequestError ? accept.error : accept.error.message)}
            </Notice>
          ) : null}
          <div className="advertiser-join-actions">
            <Button
              variant="primary"
              busy={accept.isPending}
              busyLabel="Accepting…"
              onClick={() =>
                accept.mutate(undefined, {
                  onSuccess: (membership) => void navigate(`/advertiser?joined=${encodeURIComponent(membership.advertiser.id)}`),
                })
              }
            >
              Accept
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
