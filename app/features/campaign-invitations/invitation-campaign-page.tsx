import { useId, useState } from "react";
import { Link } from "react-router";
import { CopyButton } from "~/components/settings/copy-button";
import { useFundCampaign } from "~/features/advertiser-funding/api/fund-campaign";
import { useCreateCampaignInvitation } from "./api/create-invitation";
import { useCampaignInvitations } from "./api/get-invitations";
import { useRevokeCampaignInvitation } from "./api/revoke-invitation";
import { ApiRequestError } from "~/lib/api/http-client";
import { errorText } from "~/lib/error-text";
import { formatAmount, formatDate } from "~/lib/format";
import type { CampaignFunding } from "@contracts/advertiser-funding.ts";
import type {
  CampaignInvitation,
  CampaignInvitationsPage,
  CreateCampaignInvitationRequest,
  CreatedCampaignInvitation,
} from "@contracts/campaign-invitations.ts";
import "~/styles/advertisers.css";
import "~/styles/settings.css";

function failureText(error: Error): string {
  return errorText(error instanceof ApiRequestError ? error : error.message);
}

const stateWords: Record<CampaignInvitation["state"], string> = {
  ok: "Active",
  expired: "Expired",
  revoked: "Revoked",
  "used-up": "Used up",
  "campaign-closed": "Campaign ended",
};

function FundingPanel({ advertiserId, campaignId, funding }: { advertiserId: string; campaignId: string; funding: CampaignFunding }) {
  const fund = useFundCampaign(advertiserId, campaignId);
  return (
    <section aria-labelledby="funding-title" className="card">
      <h2 id="funding-title">Funding</h2>
      {funding.fundedAt !== null ? (
        <p>{`Funded on ${formatDate(funding.fundedAt)}: ${formatAmount(funding.needed, funding.currency)} in the campaign's pools.`}</p>
      ) : (
        <>
          <p>
            {`The campaign's pools take ${formatAmount(funding.needed, funding.currency)} (weekly pool × weeks + bonus pool); the account has ${formatAmount(funding.available, funding.currency)}. `}
            It cannot start until it is funded.
          </p>
          {funding.missing > 0 ? (
            <p className="notice">
              {`You need ${formatAmount(funding.missing, funding.currency)} more. `}
              <Link to={`/advertiser/${encodeURIComponent(advertiserId)}/funds`}>Add funds</Link>
            </p>
          ) : null}
          <div className="actions">
            <button
              type="button"
              className="button button-primary"
              disabled={fund.isPending || funding.missing > 0}
              onClick={() => fund.mutate()}
            >
              {fund.isPending ? "Funding…" : "Fund campaign"}
            </button>
          </div>
          {fund.isError ? <p role="alert" className="notice">{`Not funded: ${failureText(fund.error)}`}</p> : null}
        </>
      )}
    </section>
  );
}

function CreateInvitationForm({ advertiserId, campaignId }: { advertiserId: string; campaignId: string }) {
  const id = useId();
  const [handle, setHandle] = useState("");
  const [days, setDays] = useState("");
  const [uses, setUses] = useState("");
  const [created, setCreated] = useState<CreatedCampaignInvitation | null>(null);
  const invite = useCreateCampaignInvitation(advertiserId, campaignId);
  const fieldError = (field: string) =>
    invite.error instanceof ApiRequestError
      ? invite.error.body?.detail?.find((item) => item.loc.join(".") === `body.${field}`)?.msg
      : undefined;

  return (
    <section aria-labelledby={`${id}-title`} className="card advertiser-invite">
      <h2 id={`${id}-title`}>Create an invitation</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setCreated(null);
          const input: CreateCampaignInvitationRequest = {};
          if (handle.trim() !== "") input.xHandle = handle.trim();
          if (days.trim() !== "") input.expiresInDays = Number(days);
          if (uses.trim() !== "") input.maxUses = Number(uses);
          invite.mutate(input, {
            onSuccess: (result) => {
              setCreated(result);
              setHandle("");
              setDays("");
              setUses("");
            },
          });
        }}
      >
        {(
          [
            ["xHandle", "X handle (optional)", "Only this X account can join with it.", handle, setHandle, "@handle", "text"],
            [
              "expiresInDays",
              "Expires after (days, optional)",
              "14 days unless you say otherwise (at most 90).",
              days,
              setDays,
              "14",
              "numeric",
            ],
            ["maxUses", "Use limit (optional)", "How many creators may join with it; unlimited when empty.", uses, setUses, "", "numeric"],
          ] as const
        ).map(([field, label, hint, value, set, placeholder, mode]) => {
          const error = fieldError(field);
          return (
            <div className="settings-field" key={field}>
              <label htmlFor={`${id}-${field}`}>{label}</label>
              <p id={`${id}-${field}-hint`} className="settings-hint">
                {hint}
              </p>
              <input
                id={`${id}-${field}`}
                className="settings-input"
                value={value}
                onChange={(event) => set(event.target.value)}
                placeholder={placeholder}
                inputMode={mode}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={error === undefined ? undefined : true}
                aria-describedby={`${id}-${field}-hint${error === undefined ? "" : ` ${id}-${field}-error`}`}
              />
              {error === undefined ? null : (
                <p id={`${id}-${field}-error`} className="settings-field-error">
                  {`${label.replace(/ \(.*\)$/, "")} ${error}`}
                </p>
              )}
            </div>
          );
        })}
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={invite.isPending}>
            {invite.isPending ? "Creating the link…" : "Create invitation link"}
          </button>
        </div>
        {invite.isError && !(invite.error instanceof ApiRequestError && invite.error.body?.detail?.length) ? (
          <p role="alert" className="notice">{`The invitation was not created: ${failureText(invite.error)}`}</p>
        ) : null}
      </form>
      {created === null ? null : (
        <div className="notice notice-success advertiser-link" role="status">
          <p>
            {`Send this link to the creators you invite. It works until ${created.invitation.expiresAt === null ? "revoked" : formatDate(created.invitation.expiresAt)}`}
            {created.invitation.xHandle === null ? "" : `, only for @${created.invitation.xHandle}`}
            {created.invitation.maxUses === null ? "." : `, for ${created.invitation.maxUses} creator(s).`}
          </p>
          <p className="advertiser-link-row">
            <input
              className="settings-input"
              readOnly
              value={created.link}
              aria-label="Invitation link"
              onFocus={(event) => event.target.select()}
            />
            <CopyButton text={created.link} label="Copy link" />
          </p>
        </div>
      )}
    </section>
  );
}

/** `/advertiser/{advertiserId}/campaigns/{campaignId}/invitations`: funding, "Create an invitation" and the list. */
export function InvitationCampaignPage({ page }: { page: CampaignInvitationsPage & { funding: CampaignFunding } }) {
  const { account, campaign } = page;
  const invitations = useCampaignInvitations(account.id, campaign.id, page.invitations);
  const revoke = useRevokeCampaignInvitation(account.id, campaign.id);
  return (
    <div className="advertiser-page">
      <section className="page-heading">
        <div>
          <p className="eyebrow">
            <Link to="/advertiser">Advertiser accounts</Link>
            {" · "}
            <Link to={`/advertiser/${encodeURIComponent(account.id)}/funds`}>{`Funds of ${account.name}`}</Link>
          </p>
          <h1>{`Invitations to ${campaign.title}`}</h1>
          <p className="lead">
            {campaign.visibility === "invite-only"
              ? "This campaign is invite-only: creators join with an invitation link."
              : "This campaign is public: anyone can join; an invitation link still brings creators straight to it."}
          </p>
        </div>
      </section>

      <FundingPanel advertiserId={account.id} campaignId={campaign.id} funding={page.funding} />
      <CreateInvitationForm advertiserId={account.id} campaignId={campaign.id} />

      <section aria-labelledby="invitations-title">
        <h2 id="invitations-title">Invitations</h2>
        {revoke.isError ? <p role="alert" className="notice">{`Not revoked: ${failureText(revoke.error)}`}</p> : null}
        {invitations.data.length === 0 ? (
          <p className="empty-state">No invitations yet.</p>
        ) : (
          <ul className="advertiser-list" aria-busy={invitations.isFetching}>
            {invitations.data.map((invitation) => (
              <li key={invitation.id} className="advertiser-row">
                <div>
                  <strong>{invitation.xHandle === null ? "Anyone with the link" : `Only @${invitation.xHandle}`}</strong>{" "}
                  <span className="muted">{stateWords[invitation.state]}</span>
                  <p className="small muted">
                    {`Used ${invitation.uses}${invitation.maxUses === null ? "" : ` of ${invitation.maxUses}`} time(s) · created ${formatDate(invitation.createdAt)}`}
                    {invitation.expiresAt === null ? "" : ` · expires ${formatDate(invitation.expiresAt)}`}
                  </p>
                  <p className="advertiser-link-row">
                    <input
                      className="settings-input"
                      readOnly
                      value={invitation.link}
                      aria-label="Invitation link"
                      onFocus={(event) => event.target.select()}
                    />
                    <CopyButton text={invitation.link} label="Copy link" />
                  </p>
                </div>
                {invitation.revokedAt === null ? (
                  <button
                    type="button"
                    className="button button-small"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(invitation.id)}
                    aria-label={`Revoke the invitation ${invitation.xHandle === null ? "for anyone with the link" : `for @${invitation.xHandle}`}`}
                  >
                    Revoke
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
