import { useId, useState } from "react";
import { Link } from "react-router";
import { useCreateDeposit } from "./api/create-deposit";
import { useFunds } from "./api/get-funds";
import { failureText } from "~/lib/failure-text";
import { formatAmount, formatDate } from "~/lib/format";
import { fundingCurrencies, type AdvertiserFundsPage } from "@contracts/advertiser-funding.ts";
import { parseDecimalAmount } from "@contracts/withdrawals.ts";
import "~/styles/advertisers.css";
import "~/styles/settings.css";

const statusWords = { pending: "Pending", completed: "Completed", failed: "Failed" } as const;

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
      <section className="page-heading">
        <div>
          <p className="eyebrow">
            <Link to="/advertiser">Advertiser accounts</Link>
          </p>
          <h1>{`Funds of ${account.name}`}</h1>
          <p className="lead">Deposits fund the account; funding a campaign moves its reward pools from here.</p>
        </div>
      </section>

      <section aria-labelledby={`${id}-balances`}>
        <h2 id={`${id}-balances`}>Available</h2>
        {funds.data.balances.length === 0 ? (
          <p className="empty-state">No funds yet. Add funds below.</p>
        ) : (
          <ul className="advertiser-list">
            {funds.data.balances.map((balance) => (
              <li key={balance.currency} className="advertiser-row">
                <strong>{formatAmount(balance.available, balance.currency)}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={`${id}-add`} className="card">
        <h2 id={`${id}-add`}>Add funds</h2>
        <form
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
          <div className="settings-field">
            <label htmlFor={`${id}-amount`}>Amount</label>
            <input
              id={`${id}-amount`}
              className="settings-input"
              inputMode="decimal"
              value={amountText}
              onChange={(event) => setAmountText(event.target.value)}
              placeholder="500.00"
              autoComplete="off"
              aria-invalid={amountError === null ? undefined : true}
              aria-describedby={amountError === null ? undefined : `${id}-amount-error`}
            />
            {amountError === null ? null : (
              <p id={`${id}-amount-error`} className="settings-field-error">
                {amountError}
              </p>
            )}
          </div>
          <div className="settings-field">
            <label htmlFor={`${id}-currency`}>Currency</label>
            <select id={`${id}-currency`} className="settings-input" value={currency} onChange={(event) => setCurrency(event.target.value)}>
              {fundingCurrencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </div>
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={deposit.isPending}>
              {deposit.isPending ? "Adding…" : "Add funds"}
            </button>
          </div>
          {deposit.isError ? <p role="alert" className="notice">{`The deposit was not made: ${failureText(deposit.error)}`}</p> : null}
        </form>
      </section>

      <section aria-labelledby={`${id}-deposits`}>
        <h2 id={`${id}-deposits`}>Deposits</h2>
        {pending ? (
          <p className="muted" role="status">
            A deposit is pending: this list refreshes until the rail completes it.
          </p>
        ) : null}
        {funds.data.deposits.length === 0 ? (
          <p className="empty-state">No deposits yet.</p>
        ) : (
          <ul className="advertiser-list" aria-busy={funds.isFetching}>
            {funds.data.deposits.map((item) => (
              <li key={item.id} className="advertiser-row">
                <div>
                  <strong>{formatAmount(item.amount, item.currency)}</strong>{" "}
                  <span className={`deposit-status deposit-${item.status}`}>{statusWords[item.status]}</span>
                  <p className="small muted">
                    {`Requested ${formatDate(item.createdAt)}`}
                    {item.completedAt === null ? "" : `, completed ${formatDate(item.completedAt)}`}
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
