import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";
import { Field } from "~/components/ui/field";
import { Money } from "~/components/ui/money";
import { Notice } from "~/components/ui/notice";
import { Select } from "~/components/ui/select";
import { TextInput } from "~/components/ui/text-input";
import { ApiRequestError } from "~/lib/api/http-client";
import { errorText } from "~/lib/error-text";
import type { CommissionRuleInput, CommissionSettings } from "@contracts/commissions.ts";
import { earningConversionTypes, type EarningConversionType } from "@contracts/conversion-types.ts";
import { formatUnits, parseDecimalAmount } from "@contracts/withdrawals.ts";
import { useCommissionSettings, useFundCommissionBudget, useSaveCommissionSettings } from "./api/commissions";

type RuleDraft = {
  eventType: EarningConversionType;
  kind: "fixed" | "share";
  amount: string;
  percent: string;
  minValue: string;
  creatorWeeklyCap: string;
  campaignCap: string;
};
type Draft = { validationDays: string; rules: RuleDraft[] };

const units = (amount: number | null, currency: string) => (amount === null ? "" : formatUnits(amount, currency));

const draftOf = (settings: CommissionSettings): Draft => ({
  validationDays: String(settings.validationDays),
  rules: settings.rules.map((rule) => ({
    eventType: rule.eventType,
    kind: rule.kind,
    amount: units(rule.fixedAmount, settings.currency),
    percent: rule.shareBps === null ? "" : String(rule.shareBps / 100),
    minValue: units(rule.minValue, settings.currency),
    creatorWeeklyCap: units(rule.creatorWeeklyCap, settings.currency),
    campaignCap: units(rule.campaignCap, settings.currency),
  })),
});

const emptyRule = (taken: readonly RuleDraft[]): RuleDraft => ({
  eventType: earningConversionTypes.find((type) => !taken.some((rule) => rule.eventType === type)) ?? "purchase",
  kind: "share",
  amount: "",
  percent: "",
  minValue: "",
  creatorWeeklyCap: "",
  campaignCap: "",
});

/** "12.5" (%) → 1250 basis points, by splitting the text; NaN when it is not a percentage with up to 2 decimals. */
function basisPoints(percent: string): number {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(percent.trim());
  if (match === null) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** An optional amount: empty is null; what does not parse is sent as NaN, for the server to name the field. */
function optionalUnits(text: string, currency: string): number | null {
  if (text.trim() === "") return null;
  const parsed = parseDecimalAmount(text, currency);
  return parsed.ok ? parsed.amount : Number.NaN;
}

type RuleField = "eventType" | "fixedAmount" | "shareBps" | "minValue" | "creatorWeeklyCap" | "campaignCap";

/** The server's message per field: `validationDays`, `rules` and each rule's fields by index. */
function fieldErrors(error: Error | null) {
  const errors: { validationDays?: string; rules?: string; byRule: Map<number, Partial<Record<RuleField, string>>> } = {
    byRule: new Map(),
  };
  if (!(error instanceof ApiRequestError)) return errors;
  for (const item of error.body?.detail ?? []) {
    const [, field, index, ruleField] = item.loc;
    if (field === "validationDays") errors.validationDays ??= item.msg;
    else if (field === "rules" && typeof index === "number" && typeof ruleField === "string") {
      const rule = errors.byRule.get(index) ?? {};
      rule[ruleField as RuleField] ??= item.msg;
      errors.byRule.set(index, rule);
    } else if (field === "rules") errors.rules ??= item.msg;
  }
  return errors;
}

/**
 * In the console, on a campaign: what a conversion earns its creator (a fixed amount or a share of its value, per
 * event type, with an optional minimum value and caps), how long a commission stays pending, and the budget the
 * commissions are paid from (docs/decisions/045-commissions.md).
 */
export function CommissionSettingsPanel({ advertiserId, campaignId }: { advertiserId: string; campaignId: string }) {
  const settings = useCommissionSettings(advertiserId, campaignId);
  const save = useSaveCommissionSettings(advertiserId, campaignId);
  const fund = useFundCommissionBudget(advertiserId, campaignId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [budgetText, setBudgetText] = useState("");
  const [budgetError, setBudgetError] = useState<string | null>(null);
  const [fundingKey, setFundingKey] = useState(() => crypto.randomUUID());
  const current = draft ?? (settings.data === undefined ? null : draftOf(settings.data));
  const errors = fieldErrors(save.error);
  const currency = settings.data?.currency ?? "USDC";

  const editRule = (index: number, change: Partial<RuleDraft>) =>
    current !== null && setDraft({ ...current, rules: current.rules.map((rule, at) => (at === index ? { ...rule, ...change } : rule)) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (current === null) return;
    const days = Number(current.validationDays);
    const rules: CommissionRuleInput[] = current.rules.map((rule) => ({
      eventType: rule.eventType,
      kind: rule.kind,
      fixedAmount: rule.kind === "fixed" ? (optionalUnits(rule.amount, currency) ?? Number.NaN) : null,
      shareBps: rule.kind === "share" ? basisPoints(rule.percent) : null,
      minValue: optionalUnits(rule.minValue, currency),
      creatorWeeklyCap: optionalUnits(rule.creatorWeeklyCap, currency),
      campaignCap: optionalUnits(rule.campaignCap, currency),
    }));
    save.mutate({ validationDays: Number.isFinite(days) ? days : -1, rules }, { onSuccess: (saved) => setDraft(draftOf(saved)) });
  };

  const addToBudget = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDecimalAmount(budgetText, currency);
    if (!parsed.ok) return setBudgetError(parsed.message);
    setBudgetError(null);
    fund.mutate(
      { amount: parsed.amount, idempotencyKey: fundingKey },
      {
        onSuccess: () => {
          setBudgetText("");
          setFundingKey(crypto.randomUUID());
        },
      },
    );
  };

  return (
    <Card title="Commissions" className="commission-settings">
      <p className="muted small">
        Pay creators per conversion their link brought: a fixed amount or a share of its value. A commission stays pending for the
        validation window, so a refund or chargeback (sent with reversesEventId) can cancel it, then the creator can withdraw it.
      </p>
      {current === null || settings.data === undefined ? (
        <p className="muted small">{settings.isError ? errorText(settings.error) : "Loading…"}</p>
      ) : (
        <>
          {settings.data.budgetShortCount > 0 ? (
            <Notice tone="warning" announce="status">
              {`The budget is spent: ${settings.data.budgetShortCount} conversion${settings.data.budgetShortCount === 1 ? "" : "s"} earned no commission, the last `}
              <DateTime value={settings.data.budgetShortAt ?? 0} format="date-time" />
              {". Add to the budget to pay the next ones."}
            </Notice>
          ) : null}
          <form onSubmit={submit} noValidate>
            <Field
              label="Validation window (days)"
              hint="From 0 to 90: how long a commission stays pending before the creator can withdraw it."
              error={errors.validationDays}
              required
            >
              <TextInput
                type="number"
                inputMode="numeric"
                min={0}
                max={90}
                value={current.validationDays}
                onChange={(event) => setDraft({ ...current, validationDays: event.target.value })}
              />
            </Field>
            {current.rules.map((rule, index) => {
              const ruleErrors = errors.byRule.get(index) ?? {};
              return (
                <fieldset key={index} className="commission-rule">
                  <legend>{`Rule ${index + 1}`}</legend>
                  <Field label="Event type" error={ruleErrors.eventType}>
                    <Select
                      value={rule.eventType}
                      onChange={(event) => editRule(index, { eventType: event.target.value as EarningConversionType })}
                    >
                      {earningConversionTypes.map((type) => (
                        <option key={type} value={type}>
                          {type}
                        </option>
                      ))}
                    </Select>
                  </Field>
                  <Field label="Pays">
                    <Select
                      value={rule.kind}
                      onChange={(event) => editRule(index, { kind: event.target.value === "fixed" ? "fixed" : "share" })}
                    >
                      <option value="share">A share of the value</option>
                      <option value="fixed">A fixed amount</option>
                    </Select>
                  </Field>
                  {rule.kind === "share" ? (
                    <Field label="Share (%)" hint="Of the event's value, up to 2 decimals." error={ruleErrors.shareBps} required>
                      <TextInput
                        inputMode="decimal"
                        value={rule.percent}
                        onChange={(event) => editRule(index, { percent: event.target.value })}
                      />
                    </Field>
                  ) : (
                    <Field label={`Amount (${currency})`} error={ruleErrors.fixedAmount} required>
                      <TextInput
                        inputMode="decimal"
                        value={rule.amount}
                        onChange={(event) => editRule(index, { amount: event.target.value })}
                      />
                    </Field>
                  )}
                  <Field label={`Minimum value (${currency})`} hint="Optional: smaller events earn nothing." error={ruleErrors.minValue}>
                    <TextInput
                      inputMode="decimal"
                      value={rule.minValue}
                      onChange={(event) => editRule(index, { minValue: event.target.value })}
                    />
                  </Field>
                  <Field label={`Cap per creator per week (${currency})`} hint="Optional." error={ruleErrors.creatorWeeklyCap}>
                    <TextInput
                      inputMode="decimal"
                      value={rule.creatorWeeklyCap}
                      onChange={(event) => editRule(index, { creatorWeeklyCap: event.target.value })}
                    />
                  </Field>
                  <Field label={`Cap for the campaign (${currency})`} hint="Optional." error={ruleErrors.campaignCap}>
                    <TextInput
                      inputMode="decimal"
                      value={rule.campaignCap}
                      onChange={(event) => editRule(index, { campaignCap: event.target.value })}
                    />
                  </Field>
                  <Button type="button" onClick={() => setDraft({ ...current, rules: current.rules.filter((_, at) => at !== index) })}>
                    Remove rule
                  </Button>
                </fieldset>
              );
            })}
            {errors.rules === undefined ? null : <Notice tone="danger">{errors.rules}</Notice>}
            {current.rules.length < earningConversionTypes.length ? (
              <Button type="button" onClick={() => setDraft({ ...current, rules: [...current.rules, emptyRule(current.rules)] })}>
                Add a rule
              </Button>
            ) : null}
            <Button type="submit" variant="primary" busy={save.isPending} busyLabel="Saving…">
              Save commissions
            </Button>
            {save.isSuccess ? (
              <p className="muted small" aria-live="polite">
                Saved.
              </p>
            ) : null}
            {save.isError && errors.validationDays === undefined && errors.byRule.size === 0 && errors.rules === undefined ? (
              <Notice tone="danger" announce="alert">
                {errorText(save.error)}
              </Notice>
            ) : null}
          </form>
          <form onSubmit={addToBudget} noValidate>
            <p>
              {"Budget left: "}
              <Money amount={settings.data.budget} currency={currency} />
            </p>
            <Field label={`Add to the budget (${currency})`} hint="From this account's funds." error={budgetError ?? undefined}>
              <TextInput inputMode="decimal" value={budgetText} onChange={(event) => setBudgetText(event.target.value)} />
            </Field>
            <Button type="submit" busy={fund.isPending} busyLabel="Adding…">
              Add to budget
            </Button>
            {fund.isError ? (
              <Notice tone="danger" announce="alert">
                {errorText(fund.error)}
              </Notice>
            ) : null}
          </form>
        </>
      )}
    </Card>
  );
}
