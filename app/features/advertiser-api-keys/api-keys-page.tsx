import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { EmptyState } from "~/components/ui/empty-state";
import { Notice } from "~/components/ui/notice";
import { PageHeader } from "~/components/ui/page-header";
import { useApiKeys, useRevokeApiKey } from "./api/api-keys";
import { failureText } from "~/lib/failure-text";
import type { ApiKey } from "@contracts/api-keys.ts";
import { ApiKeyCreateForm } from "./api-key-create-form";
import "./advertiser-api-keys.css";

function DateOr({ at, never }: { at: string | null; never: string }) {
  return at === null ? never : <DateTime value={Date.parse(at)} />;
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
        <strong>{apiKey.label}</strong> {revoked ? <Badge tone="danger">Revoked</Badge> : null}
        <p>
          <code className="api-key-id">{apiKey.keyId}</code>
        </p>
        <dl className="api-key-dates advertiser-row-meta">
          <div>
            <dt>Created</dt>
            <dd>
              <DateOr at={apiKey.createdAt} never="—" />
            </dd>
          </div>
          <div>
            <dt>Last used</dt>
            <dd data-testid="api-key-last-used">
              <DateOr at={apiKey.lastUsedAt} never="Never" />
            </dd>
          </div>
          {revoked ? (
            <div>
              <dt>Revoked</dt>
              <dd>
                <DateOr at={apiKey.revokedAt} never="—" />
              </dd>
            </div>
          ) : null}
        </dl>
      </div>
      {revoked ? null : confirming ? (
        <div className="api-key-confirm" role="group" aria-label={`Confirm revoking ${apiKey.label}`}>
          <p className="advertiser-row-meta">Calls with this key are refused at once. This cannot be undone.</p>
          <div className="advertiser-form-actions">
            <Button
              ref={confirmButton}
              size="small"
              variant="danger"
              disabled={revoking}
              onClick={() => {
                onRevoke();
                setConfirming(false);
              }}
            >
              {`Yes, revoke ${apiKey.label}`}
            </Button>
            <Button size="small" variant="quiet" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button ref={revokeButton} size="small" busy={revoking} onClick={() => setConfirming(true)} aria-label={`Revoke ${apiKey.label}`}>
          Revoke
        </Button>
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
      <PageHeader
        eyebrow={<Link to="/advertiser">Advertiser accounts</Link>}
        title={`API keys of ${account.name}`}
        description={
          <>
            Your systems send conversion events (sign-ups, deposits, purchases…) to Chorus with a key id and its secret, in the headers{" "}
            <code>api-key</code> and <code>api-secret</code> of <code>POST /v1/conversion/event/ingest</code>.
          </>
        }
      />

      <ApiKeyCreateForm advertiserId={account.id} />

      <section aria-labelledby="api-keys-title">
        <h2 id="api-keys-title">Keys</h2>
        {keys.isRefetchError ? (
          <Notice tone="danger" announce="alert">{`The list could not be refreshed: ${failureText(keys.error)}`}</Notice>
        ) : null}
        {revoke.isError ? <Notice tone="danger" announce="alert">{`The key was not revoked: ${failureText(revoke.error)}`}</Notice> : null}
        {keys.data.length === 0 ? (
          <EmptyState
            headingLevel={3}
            title="This account has no API key yet"
            text="Create one above to start sending conversion events."
          />
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
