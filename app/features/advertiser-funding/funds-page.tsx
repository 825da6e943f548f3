import { useId, useState } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { Money } from "~/components/ui/money";
import { Notice } from "~/components/ui/notice";
import { PageHeader } from "~/components/ui/page-header";
import { Select } from "~/components/ui/select";
import { TextInput } from "~/components/ui/text-input";
import { useCreateDeposit } from "./api/create-deposit";
import { useFunds } from "./api/get-funds";
import { failureText } from "~/lib/failure-text";
import { fundingCurrencies, type AdvertiserFundsPage } from "@contracts/advertiser-funding.ts";
import { parseDecimalAmount } from "@contracts/withdrawals.ts";

const statusBadges = {
  pending: { label: "Pending", tone: "warning" },
  completed: { label: "Completed", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
} as const;

/** `/advertiser/{advertiserId}/funds`: available funding per currency, "Add funds" and the deposits. */
export function FundsPage({ page }: { page: AdvertiserFundsPage }) {
  const id = useId();
  const { account } = page;
  const funds = useFunds(account.id, page.funds);
  const deposit = useCreateDeposit(account.id);
  const [amountText, setAmountText] = useState("");
  const [currency, setCurrency] = useState("USDC");
  const [amountError, setAmountError] = useState<string | null>(null);
  // One key per intended deposit: a retry after a lost answer is the same deposit; a new one after success.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const pending = funds.data.deposits.some((item) => item.status === "pending");

  return (
    <div className="advertiser-page">
      <PageHeader
        eyebrow={<Link to="/advertiser">Advertiser accounts</Link>}
        title={`Funds of ${account.name}`}
        description="Deposits fund the account; funding a campaign moves its reward pools from here."
      />

      <section aria-labelledby={`${id}-balances`}>
        <h2 id={`${id}-balances`}>Available</h2>
        {funds.data.balances.length === 0 ? (
          <EmptyState headingLevel={3} title="No funds yet" text="Add funds below." />
        ) : (
          <ul className="advertiser-list">
            {funds.data.balances.map((balance) => (
              <li key={balance.currency} className="advertiser-row">
                <strong>
                  <Money amount={balance.available} currency={balance.currency} />
                </strong>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Card title="Add funds">
        <form
          className="advertiser-form"
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = parseDecimalAmount(amountText, currency);
            if (!parsed.ok) {
              setAmountError(parsed.message);
              return;
            }
            if (parsed.amount <= 0) {
              setAmountError("Enter an amount above zero.");
              return;
            }
            setAmountError(null);
            deposit.mutate(
              { amount: parsed.amount, currency, idempotencyKey },
              {
                onSuccess: () => {
                  setAmountText("");
                  setIdempotencyKey(crypto.randomUUID());
                },
              },
            );
          }}
        >
          <Field label="Amount" error={amountError ?? undefined}>
            <TextInput
              inputMode="decimal"
              value={amountText}
              onChange={(event) => setAmountText(event.target.value)}
              placeholder="500.00"
              autoComplete="off"
            />
          </Field>
          <Field label="Currency">
            <Select value={currency} onChange={(event) => setCurrency(event.target.value)}>
              {fundingCurrencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </Select>
          </Field>
          <div className="advertiser-form-actions">
            <Button type="submit" variant="primary" busy={deposit.isPending} busyLabel="Adding…">
              Add funds
            </Button>
          </div>
          {deposit.isError ? (
            <Notice tone="danger" announce="alert">{`The deposit was not made: ${failureText(deposit.error)}`}</Notice>
          ) : null}
        </form>
      </Card>

      <section aria-labelledby={`${id}-deposits`}>
        <h2 id={`${id}-deposits`}>Deposits</h2>
        {pending ? <Notice>A deposit is pending: this list refreshes until the rail completes it.</Notice> : null}
        {funds.data.deposits.length === 0 ? (
          <EmptyState headingLevel={3} title="No deposits yet" />
        ) : (
          <ul className="advertiser-list" aria-busy={funds.isFetching}>
            {funds.data.deposits.map((item) => (
              <li key={item.id} className="advertiser-row">
                <div>
                  <strong>
                    <Money amount={item.amount} currency={item.currency} />
                  </strong>{" "}
                  <Badge tone={statusBadges[item.status].tone} className={`deposit-status deposit-${item.status}`}>
                    {statusBadges[item.status].label}
                  </Badge>
                  <p className="advertiser-row-meta">
                    {"Requested "}
                    <DateTime value={item.createdAt} />
                    {item.completedAt === null ? null : (
                      <>
                        {", completed "}
                        <DateTime value={item.completedAt} />
                      </>
                    )}
                    {item.failureReason === null ? "" : ` — ${item.failureReason}`}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
