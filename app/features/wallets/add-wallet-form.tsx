import { useId, useRef, useState, type FormEvent } from "react";
import { formErrorsOf } from "~/lib/api/form-errors";
import { useAddWallet } from "./api/add-wallet";
import { useWalletTypes } from "./api/get-wallet-types";
import { errorText } from "~/lib/error-text";
import { notifySuccess } from "~/lib/toast";
import type { WalletType } from "@contracts/withdrawal-rules.ts";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { Select } from "~/components/ui/select";
import { TextInput } from "~/components/ui/text-input";

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
  };

  const info = types.data?.find((candidate) => candidate.type === type);
  const currencies = info?.currencies ?? [];
  const chosenCurrency = currency !== null && currencies.includes(currency) ? currency : (currencies[0] ?? "");
  const errors = formErrorsOf(add.error).fields;
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
          if (formErrorsOf(error).fields.address !== undefined) addressRef.current?.focus();
        },
      },
    );
  }

  return (
    <form className="wallet-add" onSubmit={submit} noValidate aria-labelledby={ids.heading}>
      <h3 id={ids.heading}>Add a wallet</h3>
      {types.isError ? (
        <div className="wallets-problem" role="alert">
          <p>{`The wallet types could not be loaded. ${errorText(types.error)}`}</p>
          <Button onClick={() => void types.refetch()} disabled={types.isFetching} size="small">
            {types.isFetching ? "Trying again…" : "Try again"}
          </Button>
        </div>
      ) : null}
      <div className="wallet-add-grid">
        <Field label="Type" error={errors.type}>
          <Select
            fullWidth
            value={type}
            disabled={!ready || add.isPending}
            onChange={(event) => {
              setType(event.currentTarget.value as WalletType);
              edited();
            }}
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
          </Select>
        </Field>

        <Field label="Currency" error={errors.currency}>
          <Select
            fullWidth
            value={chosenCurrency}
            disabled={!ready || add.isPending}
            onChange={(event) => {
              setCurrency(event.currentTarget.value);
              edited();
            }}
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
          </Select>
        </Field>

        <Field label="Address" hint={info?.addressHint} error={errors.address} className="wallet-field-wide">
          <TextInput
            ref={addressRef}
            fullWidth
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
          />
        </Field>
      </div>

      {add.isError ? (
        // The form's one announcement; the fields named in it say which value is wrong.
        <Notice tone="danger" announce="alert">
          {fieldNamed
            ? `The wallet was not added: ${[errors.type, errors.currency, errors.address].filter(Boolean).join(" ")}`
            : errorText(add.error)}
        </Notice>
      ) : null}

      <div className="wallet-actions">
        <Button type="submit" variant="primary" disabled={!ready || add.isPending} aria-busy={add.isPending}>
          {add.isPending ? "Adding…" : "Add wallet"}
        </Button>
      </div>
    </form>
  );
}
