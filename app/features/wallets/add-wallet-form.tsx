import { useId, useRef, useState, type FormEvent } from "react";
import { fieldErrorsOf } from "./api-errors";
import { useAddWallet } from "./api/add-wallet";
import { useWalletTypes } from "./api/get-wallet-types";
import { errorText } from "~/lib/error-text";
import { notifySuccess } from "~/lib/toast";
import type { WalletType } from "@contracts/withdrawal-rules.ts";

/** Adding a wallet: its type, the currency it receives and its address; the server's word on each field shown beside it. */
export function AddWalletForm() {
  const types = useWalletTypes();
  const add = useAddWallet();
  const [type, setType] = useState<WalletType>("evm");
  const [currency, setCurrency] = useState<string | null>(null);
  const [address, setAddress] = useState("");
  const addressRef = useRef<HTMLInputElement>(null);
  const ids = {
    heading: useId(),
    type: useId(),
    currency: useId(),
    address: useId(),
    hint: useId(),
    typeError: useId(),
    currencyError: useId(),
    addressError: useId(),
  };

  const info = types.data?.find((candidate) => candidate.type === type);
  const currencies = info?.currencies ?? [];
  const chosenCurrency = currency !== null && currencies.includes(currency) ? currency : (currencies[0] ?? "");
  const errors = fieldErrorsOf(add.error);
  const fieldNamed = errors.type !== undefined || errors.currency !== undefined || errors.address !== undefined;
  const ready = types.isSuccess;

  function edited() {
    if (add.isError) add.reset();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready) return;
    add.mutate(
      { type, currency: chosenCurrency, address },
      {
        onSuccess: (wallet) => {
          setAddress("");
          notifySuccess(`Wallet added. Verify it to receive ${wallet.currency} withdrawals.`);
        },
        onError: (error) => {
          if (fieldErrorsOf(error).address !== undefined) addressRef.current?.focus();
        },
      },
    );
  }

  const describedBy = (...candidates: Array<string | false>) => candidates.filter(Boolean).join(" ") || undefined;

  return (
    <form className="wallet-add" onSubmit={submit} noValidate aria-labelledby={ids.heading}>
      <h3 id={ids.heading}>Add a wallet</h3>
      {types.isError ? (
        <div className="wallets-problem" role="alert">
          <p>{`The wallet types could not be loaded. ${errorText(types.error)}`}</p>
          <button type="button" className="button button-small" onClick={() => void types.refetch()} disabled={types.isFetching}>
            {types.isFetching ? "Trying again…" : "Try again"}
          </button>
        </div>
      ) : null}
      <div className="wallet-add-grid">
        <div className="wallet-field">
          <label htmlFor={ids.type}>Type</label>
          <select
            id={ids.type}
            value={type}
            disabled={!ready || add.isPending}
            onChange={(event) => {
              setType(event.currentTarget.value as WalletType);
              edited();
            }}
            aria-invalid={errors.type !== undefined}
            aria-describedby={describedBy(errors.type !== undefined && ids.typeError)}
          >
            {ready ? (
              types.data.map((candidate) => (
                <option key={candidate.type} value={candidate.type}>
                  {candidate.label}
                </option>
              ))
            ) : (
              <option value={type}>Loading…</option>
            )}
          </select>
          {errors.type !== undefined ? (
            <p id={ids.typeError} className="form-error" role="alert">
              {errors.type}
            </p>
          ) : null}
        </div>

        <div className="wallet-field">
          <label htmlFor={ids.currency}>Currency</label>
          <select
            id={ids.currency}
            value={chosenCurrency}
            disabled={!ready || add.isPending}
            onChange={(event) => {
              setCurrency(event.currentTarget.value);
              edited();
            }}
            aria-invalid={errors.currency !== undefined}
            aria-describedby={describedBy(errors.currency !== undefined && ids.currencyError)}
          >
            {ready ? (
              currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))
            ) : (
              <option value="">Loading…</option>
            )}
          </select>
          {errors.currency !== undefined ? (
            <p id={ids.currencyError} className="form-error" role="alert">
              {errors.currency}
            </p>
          ) : null}
        </div>

        <div className="wallet-field wallet-field-wide">
          <label htmlFor={ids.address}>Address</label>
          <input
            id={ids.address}
            ref={addressRef}
            type="text"
            className="wallet-address-input"
            value={address}
            placeholder={info?.addressExample}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            readOnly={add.isPending}
            onChange={(event) => {
              setAddress(event.currentTarget.value);
              edited();
            }}
            aria-invalid={errors.address !== undefined}
            aria-describedby={describedBy(errors.address !== undefined && ids.addressError, info !== undefined && ids.hint)}
          />
          {errors.address !== undefined ? (
            <p id={ids.addressError} className="form-error" role="alert">
              {errors.address}
            </p>
          ) : null}
          {info !== undefined ? (
            <p id={ids.hint} className="wallet-hint">
              {info.addressHint}
            </p>
          ) : null}
        </div>
      </div>

      {add.isError && !fieldNamed ? (
        <p className="form-error" role="alert">
          {errorText(add.error)}
        </p>
      ) : null}

      <div className="wallet-actions">
        <button type="submit" className="button button-primary" disabled={!ready || add.isPending} aria-busy={add.isPending}>
          {add.isPending ? "Adding…" : "Add wallet"}
        </button>
      </div>
    </form>
  );
}
