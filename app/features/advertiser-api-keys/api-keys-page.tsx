import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useApiKeys, useRevokeApiKey } from "./api/api-keys";
import { failureText } from "~/lib/failure-text";
import { formatDate } from "~/lib/format";
import type { ApiKey } from "@contracts/api-keys.ts";
import { ApiKeyCreateForm } from "./api-key-create-form";
import "~/styles/advertisers.css";
import "./advertiser-api-keys.css";

function dateText(at: string | null, never: string): string {
  return at === null ? never : formatDate(Date.parse(at));
}

/** One key: its label, id and dates; "Revoke" asks to confirm before anything is sent. */
function ApiKeyRow({ apiKey, revoking, onRevoke }: { apiKey: ApiKey; revoking: boolean; onRevoke: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const revokeButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (wasConfirming.current) revokeButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  const revoked = apiKey.revokedAt !== null;

  return (
    <li className="advertiser-row api-key-row" data-testid="api-key-row" aria-label={`API key ${apiKey.label}`}>
      <div className="api-key-main">
        <strong>{apiKey.label}</strong> {revoked ? <span className="api-key-revoked">Revoked</span> : null}
        <p className="small">
          <code className="api-key-id">{apiKey.keyId}</code>
        </p>
        <dl className="api-key-dates small muted">
          <div>
            <dt>Created</dt>
            <dd>{dateText(apiKey.createdAt, "—")}</dd>
          </div>
          <div>
            <dt>Last used</dt>
            <dd data-testid="api-key-last-used">{dateText(apiKey.lastUsedAt, "Never")}</dd>
          </div>
          {revoked ? (
            <div>
              <dt>Revoked</dt>
              <dd>{dateText(apiKey.revokedAt, "—")}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      {revoked ? null : confirming ? (
        <div className="api-key-confirm" role="group" aria-label={`Confirm revoking ${apiKey.label}`}>
          <p className="small">Calls with this key are refused at once. This cannot be undone.</p>
          <div className="actions">
            <button
              ref={confirmButton}
              type="button"
              className="button button-small button-danger"
              disabled={revoking}
              onClick={() => {
                onRevoke();
                setConfirming(false);
              }}
            >
              {`Yes, revoke ${apiKey.label}`}
            </button>
            <button type="button" className="button button-small" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button
          ref={revokeButton}
          type="button"
          className="button button-small"
          disabled={revoking}
          onClick={() => setConfirming(true)}
          aria-label={`Revoke ${apiKey.label}`}
        >
          Revoke
        </button>
      )}
    </li>
  );
}

/** `/advertiser/{advertiserId}/api-keys`: the account's keys for conversion ingestion, "Create a key" and revoking. */
export function ApiKeysPage({ page }: { page: { account: { id: string; name: string }; keys: ApiKey[] } }) {
  const { account } = page;
  const keys = useApiKeys(account.id, page.keys);
  const revoke = useRevokeApiKey(account.id);

  return (
    <div className="advertiser-page">
      <section className="page-heading">
        <div>
          <p className="eyebrow">
            <Link to="/advertiser">Advertiser accounts</Link>
          </p>
          <h1>{`API keys of ${account.name}`}</h1>
          <p className="lead">
            Your systems send conversion events (sign-ups, deposits, purchases…) to Chorus with a key id and its secret, in the headers{" "}
            <code>api-key</code> and <code>api-secret</code> of <code>POST /v1/conversion/event/ingest</code>.
          </p>
        </div>
      </section>

      <ApiKeyCreateForm advertiserId={account.id} />

      <section aria-labelledby="api-keys-title">
        <h2 id="api-keys-title">Keys</h2>
        {keys.isRefetchError ? (
          <p role="alert" className="notice">{`The list could not be refreshed: ${failureText(keys.error)}`}</p>
        ) : null}
        {revoke.isError ? <p role="alert" className="notice">{`The key was not revoked: ${failureText(revoke.error)}`}</p> : null}
        {keys.data.length === 0 ? (
          <p className="empty-state">This account has no API key yet. Create one above to start sending conversion events.</p>
        ) : (
          <ul className="advertiser-list" aria-busy={keys.isFetching}>
            {keys.data.map((apiKey) => (
              <ApiKeyRow
                key={apiKey.id}
                apiKey={apiKey}
                revoking={revoke.isPending && revoke.variables === apiKey.id}
                onRevoke={() => revoke.mutate(apiKey.id)}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
