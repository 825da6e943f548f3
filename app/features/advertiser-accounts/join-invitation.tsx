import { Link, useNavigate } from "react-router";
import { useAcceptInvitation } from "./api/accept-invitation";
import { ApiRequestError } from "~/lib/api/http-client";
import { useCurrentUser } from "~/lib/current-user";
import { errorText } from "~/lib/error-text";
import { formatDate } from "~/lib/format";
import { advertiserLoginHref } from "~/lib/login-url";
import type { AdvertiserJoinPage } from "@contracts/advertisers.ts";
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
      <section className="advertiser-join card">
        <h1>This invitation link does not work</h1>
        <p>Check that you copied the whole link, or ask a member of the advertiser account for a new one.</p>
        <Link to="/">Go to Chorus</Link>
      </section>
    );
  }
  const { invitation } = page;
  const name = invitation.advertiser.name;

  return (
    <section className="advertiser-join card" aria-labelledby="join-title">
      <p className="eyebrow">Advertiser account invitation</p>
      <h1 id="join-title">{`Join ${name} on Chorus`}</h1>
      {invitation.advertiser.tagline ? <p className="muted">{invitation.advertiser.tagline}</p> : null}

      {accept.isSuccess ? (
        <div role="status" className="notice notice-success">
          <p>{`You are now ${accept.data.role === "owner" ? "an owner" : "a member"} of ${name}.`}</p>
          <p>
            <Link className="button button-primary" to="/advertiser">
              Go to your advertiser accounts
            </Link>
          </p>
        </div>
      ) : invitation.status !== "ok" ? (
        <p role="alert" className="notice">
          {statusText[invitation.status]}
        </p>
      ) : user === null ? (
        <>
          <p>
            {`You are invited to become a member of ${name}. Sign in with the X account you use for work to accept; you will come back to this page.`}
            {invitation.xHandle === null ? "" : ` This invitation is for @${invitation.xHandle}.`}
          </p>
          <div className="actions">
            <a className="button button-primary" href={advertiserLoginHref(path)}>
              Sign in with X to accept
            </a>
          </div>
        </>
      ) : (
        <>
          <p>
            {`You are signed in as @${user.twitterHandle}. Accepting makes you a member of ${name}; the link then stops working for anyone else. It is valid until ${formatDate(invitation.expiresAt)}.`}
          </p>
          {invitation.xHandle !== null && invitation.xHandle.toLowerCase() !== user.twitterHandle.toLowerCase() ? (
            <p className="notice">{`This invitation is for @${invitation.xHandle}: sign out and sign in with X as @${invitation.xHandle} to accept it.`}</p>
          ) : null}
          {accept.isError ? (
            <p role="alert" className="notice">
              {errorText(accept.error instanceof ApiRequestError ? accept.error : accept.error.message)}
            </p>
          ) : null}
          <div className="actions">
            <button
              type="button"
              className="button button-primary"
              disabled={accept.isPending}
              onClick={() =>
                accept.mutate(undefined, {
                  onSuccess: (membership) => void navigate(`/advertiser?joined=${encodeURIComponent(membership.advertiser.id)}`),
                })
              }
            >
              {accept.isPending ? "Accepting…" : "Accept"}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
