import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CopyButton } from "~/components/ui/copy-button";
import { Field } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { TextInput } from "~/components/ui/text-input";
import { useCreateApiKey } from "./api/api-keys";
import { formErrorsOf } from "~/lib/api/form-errors";
import type { CreatedApiKey } from "@contracts/api-keys.ts";
import "./advertiser-api-keys.css";

/**
 * A ready-to-run call of the ingest endpoint with the new key, against the origin the page was served from (a key is
 * only ever created in the browser, so `window` is there).
 */
function curlExample(origin: string, created: CreatedApiKey): string {
  const event = {
    eventId: "order-1001",
    type: "deposit",
    walletAddress: "0x52908400098527886E0F7030069857D2E4169EE7",
    chain: "evm",
    value: 2500000,
    currency: "USDC",
    occurredAt: created.createdAt,
  };
  return [
    `curl -s -X POST ${origin}/v1/conversion/event/ingest \\`,
    `  -H "api-key: ${created.keyId}" \\`,
    `  -H "api-secret: ${created.secret}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '${JSON.stringify({ events: [event] })}'`,
  ].join("\n");
}

/** "Create a key": a label, then the key id and the secret, shown once with copy buttons and a curl example. */
export function ApiKeyCreateForm({ advertiserId }: { advertiserId: string }) {
  const id = useId();
  const [label, setLabel] = useState("");
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const shown = useRef<HTMLDivElement>(null);
  const create = useCreateApiKey(advertiserId);
  const errors = formErrorsOf(create.error);
  const fieldError = errors.fields.label;

  useEffect(() => {
    if (created !== null) shown.current?.focus();
  }, [created]);

  return (
    <Card title="Create a key" className="advertiser-invite">
      <form
        className="advertiser-form"
        onSubmit={(event) => {
          event.preventDefault();
          setCreated(null);
          create.mutate(
            { label: label.trim() },
            {
              onSuccess: (result) => {
                setCreated(result);
                setLabel("");
              },
            },
          );
        }}
      >
        <Field
          label="Label"
          hint="A name that says where the key is used, such as “Backend” or “Staging”. Up to 100 characters."
          error={fieldError === undefined ? undefined : `The label ${fieldError}`}
        >
          <TextInput value={label} onChange={(event) => setLabel(event.target.value)} maxLength={100} required autoComplete="off" />
        </Field>
        <div className="advertiser-form-actions">
          <Button type="submit" variant="primary" busy={create.isPending} busyLabel="Creating the key…">
            Create key
          </Button>
        </div>
        {errors.unshown === null ? null : <Notice tone="danger" announce="alert">{`The key was not created: ${errors.unshown}`}</Notice>}
      </form>
      {created === null ? null : (
        <div ref={shown} tabIndex={-1} className="api-key-created" role="status" aria-labelledby={`${id}-created`}>
          <Notice tone="success" announce="none" className="advertiser-link">
            <p id={`${id}-created`}>
              {`The key “${created.label}” is ready. `}
              <strong>The secret is shown only now and will not be shown again:</strong> copy it and store it somewhere safe before leaving
              this page. If it is lost, revoke the key and create a new one.
            </p>
            <div className="api-key-value">
              <Field label="Key id (header api-key)">
                <TextInput
                  readOnly
                  value={created.keyId}
                  spellCheck={false}
                  onFocus={(event) => event.target.select()}
                  className="api-key-secret"
                />
              </Field>
              <CopyButton text={created.keyId} label="Copy key id" />
            </div>
            <div className="api-key-value">
              <Field label="Secret (header api-secret)">
                <TextInput
                  readOnly
                  value={created.secret}
                  spellCheck={false}
                  onFocus={(event) => event.target.select()}
                  className="api-key-secret"
                />
              </Field>
              <CopyButton text={created.secret} label="Copy secret" />
            </div>
            <div className="api-key-value">
              <p id={`${id}-curl-title`}>
                <strong>Try it:</strong> send one conversion event with this key.
              </p>
              <pre className="api-key-curl" aria-labelledby={`${id}-curl-title`} tabIndex={0} data-testid="api-key-curl">
                <code>{curlExample(window.location.origin, created)}</code>
              </pre>
              <CopyButton text={curlExample(window.location.origin, created)} label="Copy curl command" />
            </div>
          </Notice>
        </div>
      )}
    </Card>
  );
}
