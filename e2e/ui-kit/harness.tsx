/*
 * A page of the UI kit's components for e2e/ui-kit.spec.ts, outside the product: built by the test (harness-build.ts)
 * with the same stylesheets, in the same order, as every page of the app, and served to Chromium by the test itself.
 * It exercises the kit's behaviour in a real browser before a screen uses it (focus trap, Escape, focus return, busy
 * buttons, theming, axe). `window.harness` lets the test finish the work a busy control waits for.
 */
import "../../app/styles/tokens.css";
import "../../app/styles/app.css";
import "../../app/components/ui/ui.css";
import { StrictMode, useEffect, useState, type FormEvent } from "react";
import { createRoot } from "react-dom/client";
import { Badge } from "~/components/ui/badge";
import { Button, IconButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { CodeInput } from "~/components/ui/code-input";
import { CopyButton } from "~/components/ui/copy-button";
import { DateTime } from "~/components/ui/date-time";
import { Dialog } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { Money } from "~/components/ui/money";
import { Notice } from "~/components/ui/notice";
import { PageHeader } from "~/components/ui/page-header";
import { Radio, RadioGroup } from "~/components/ui/radio";
import { Select } from "~/components/ui/select";
import { StatusBadge } from "~/components/ui/status-badge";
import { TextInput } from "~/components/ui/text-input";
import { Textarea } from "~/components/ui/textarea";
import { Tooltip } from "~/components/ui/tooltip";

declare global {
  interface Window {
    harness: { finishSaving(): void; finishWithdrawing(): void };
  }
}

const handlers: Window["harness"] = { finishSaving: () => undefined, finishWithdrawing: () => undefined };
window.harness = handlers;

function SaveForm() {
  const [saves, setSaves] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    handlers.finishSaving = () => setBusy(false);
  }, []);
  const save = (event: FormEvent) => {
    event.preventDefault();
    setSaves((count) => count + 1);
    setBusy(true);
  };
  return (
    <Card title="Profile">
      <form onSubmit={save} noValidate className="harness-stack">
        <Field label="Display name" hint="Shown on your posts." required>
          <TextInput name="displayName" defaultValue="Ada" />
        </Field>
        <Field label="About you">
          <Textarea name="about" />
        </Field>
        <Button type="submit" variant="primary" busy={busy} busyLabel="Saving…">
          Save
        </Button>
        <p>
          Saved <output data-testid="saves">{saves}</output> times
        </p>
      </form>
    </Card>
  );
}

function WithdrawDialog() {
  const [open, setOpen] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [closes, setCloses] = useState(0);
  useEffect(() => {
    handlers.finishWithdrawing = () => {
      setWithdrawing(false);
      setOpen(false);
    };
  }, []);
  const close = () => {
    setCloses((count) => count + 1);
    setOpen(false);
  };
  return (
    <Card title="Balance" actions={<Button onClick={() => setOpen(true)}>Withdraw</Button>}>
      <p>
        <Money amount={125_000_000} currency="USDC" /> available, as of{" "}
        <DateTime value={Date.UTC(2026, 10, 24, 14, 5)} format="date-time" />. Closed <output data-testid="closes">{closes}</output> times.
      </p>
      <Dialog
        open={open}
        onClose={close}
        dismissible={!withdrawing}
        title="Withdraw USDC"
        description="To one of your verified wallets."
        footer={
          <>
            <Button variant="quiet" onClick={close} disabled={withdrawing}>
              Cancel
            </Button>
            <Button type="submit" form="withdraw-form" variant="primary" busy={withdrawing} busyLabel="Withdrawing…">
              Withdraw
            </Button>
          </>
        }
      >
        <form
          id="withdraw-form"
          className="harness-stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setWithdrawing(true);
          }}
        >
          <Field label="Amount" hint="At least 10 USDC." required>
            <TextInput name="amount" inputMode="decimal" data-autofocus />
          </Field>
          <RadioGroup legend="Wallet" name="wallet" defaultValue="main">
            <Radio value="main" label="Main wallet" />
            <Radio value="savings" label="Savings" />
          </RadioGroup>
          <Field label="Code from the e-mail" hint="Six digits.">
            <CodeInput name="code" />
          </Field>
          <Checkbox name="remember" label="Remember this wallet" />
          <p>
            <Tooltip content="Chorus pays the network fee.">
              <Button variant="link">Who pays the fee?</Button>
            </Tooltip>
          </p>
        </form>
      </Dialog>
    </Card>
  );
}

function Harness() {
  return (
    <main className="page harness-stack">
      <PageHeader
        eyebrow="Chorus"
        title="UI kit"
        description="Every component of app/components/ui, as the tests use them."
        actions={<IconButton label="Settings" icon={<span aria-hidden="true">⚙</span>} />}
      />
      <SaveForm />
      <WithdrawDialog />
      <Card title="Statuses" headingLevel={2}>
        <p className="harness-row">
          <Badge>Neutral</Badge>
          <Badge tone="info">Info</Badge>
          <Badge tone="success">Success</Badge>
          <Badge tone="warning">Warning</Badge>
          <Badge tone="danger">Danger</Badge>
          <StatusBadge status="ending" />
        </p>
        <Notice tone="info" title="Heads up" announce="none">
          The campaign starts on Monday.
        </Notice>
        <Notice tone="warning" announce="none">
          Your wallet is not verified yet.
        </Notice>
        <Notice tone="danger" announce="none">
          The payout failed.
        </Notice>
        <Notice tone="success" announce="none">
          Saved.
        </Notice>
      </Card>
      <Card title="Sharing">
        <Field label="Currency">
          <Select name="currency" defaultValue="USDC">
            <option value="USDC">USDC</option>
            <option value="EUR">EUR</option>
          </Select>
        </Field>
        <CopyButton text="https://chorus.example/r/ada" label="Copy link" />
        <EmptyState title="No invitations yet" text="People you invite appear here." headingLevel={3} action={<Button>Invite</Button>} />
      </Card>
    </main>
  );
}

const container = document.getElementById("root");
if (container === null) throw new Error("harness.html has no #root");
createRoot(container).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
