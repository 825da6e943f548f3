import { useState, type FormEvent } from "react";
import { CampaignSettingsCard, type NumberFieldBinding, type SettingsForm } from "~/components/campaign-settings-card";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { Field } from "~/components/ui/field";
import { Money } from "~/components/ui/money";
import { Notice } from "~/components/ui/notice";
import { NumberField } from "~/components/ui/number-field";
import { Select } from "~/components/ui/select";
import { errorText } from "~/lib/error-text";
import type { CommissionRuleInput, CommissionSettings, CommissionSettingsInput } from "@contracts/commissions.ts";
import { earningConversionTypes, type EarningConversionType } from "@contracts/conversion-types.ts";
import { formatUnits, parseDecimalAmount } from "@contracts/withdrawals.ts";
import { commissionSettings, useFundCommissionBudget } from "./api/commissions";

/** The rule's optional amounts, in the campaign's currency: each empty (none) or an amount, typed and read alike. */
const optionalAmounts = ["minValue", "creatorWeeklyCap", "campaignCap"] as const;
type OptionalAmount = (typeof optionalAmounts)[number];

const optionalAmountText: Record<OptionalAmount, { label: string; hint: string }> = {
  minValue: { label: "Minimum value", hint: "Optional: smaller events earn nothing." },
  creatorWeeklyCap: { label: "Cap per creator per week", hint: "Optional." },
  campaignCap: { label: "Cap for the campaign", hint: "Optional." },
};

/** The optional amounts, each the value `valueOf` gives it. */
const eachOptionalAmount = <Value,>(valueOf: (field: OptionalAmount) => Value): Record<OptionalAmount, Value> => ({
  minValue: valueOf("minValue"),
  creatorWeeklyCap: valueOf("creatorWeeklyCap"),
  campaignCap: valueOf("campaignCap"),
});

type RuleDraft = Record<OptionalAmount, string> & {
  eventType: EarningConversionType;
  kind: "fixed" | "share";
  amount: string;
  percent: string;
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
    ...eachOptionalAmount((field) => units(rule[field], settings.currency)),
  })),
});

const emptyRule = (taken: readonly RuleDraft[]): RuleDraft => ({
  eventType: earningConversionTypes.find((type) => !taken.some((rule) => rule.eventType === type)) ?? "purchase",
  kind: "share",
  amount: "",
  percent: "",
  ...eachOptionalAmount(() => ""),
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

type RuleField = "eventType" | "fixedAmount" | "shareBps" | OptionalAmount;

function inputOf(draft: Draft, settings: CommissionSettings): CommissionSettingsInput {
  const days = Number(draft.validationDays);
  const rules: CommissionRuleInput[] = draft.rules.map((rule) => ({
    eventType: rule.eventType,
    kind: rule.kind,
    fixedAmount: rule.kind === "fixed" ? (optionalUnits(rule.amount, settings.currency) ?? Number.NaN) : null,
    shareBps: rule.kind === "share" ? basisPoints(rule.percent) : null,
    ...eachOptionalAmount((field) => optionalUnits(rule[field], settings.currency)),
  }));
  return { validationDays: Number.isFinite(days) ? days : -1, rules };
}

/** One rule as a fieldset: what it pays for, how much, its optional minimum and caps, and a way to remove it. */
function RuleFields(props: {
  rule: RuleDraft;
  index: number;
  currency: string;
  errors: Partial<Record<string, string>>;
  onChange: (change: Partial<RuleDraft>) => void;
  onRemove: () => void;
}) {
  const { rule, index, currency, onChange } = props;
  /** The server's message for a field of this rule (`loc` ["body", "rules", index, field]). */
  const errorOf = (field: RuleField) => props.errors[`rules.${index}.${field}`];
  const numberField = (key: "amount" | "percent" | OptionalAmount, field: RuleField): NumberFieldBinding => ({
    value: rule[key],
    onValueChange: (value) => onChange({ [key]: value }),
    error: errorOf(field),
  });
  return (
    <fieldset className="commission-rule">
      <legend>{`Rule ${index + 1}`}</legend>
      <Field label="Event type" error={errorOf("eventType")}>
        <Select value={rule.eventType} onChange={(event) => onChange({ eventType: event.target.value as EarningConversionType })}>
          {earningConversionTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Pays">
        <Select value={rule.kind} onChange={(event) => onChange({ kind: event.target.value === "fixed" ? "fixed" : "share" })}>
          <option value="share">A share of the value</option>
          <option value="fixed">A fixed amount</option>
        </Select>
      </Field>
      {rule.kind === "share" ? (
        <NumberField
          label="Share"
          unit="%"
          hint="Of the event's value, up to 2 decimals."
          required
          inputMode="decimal"
          {...numberField("percent", "shareBps")}
        />
      ) : (
        <NumberField label="Amount" unit={currency} required inputMode="decimal" {...numberField("amount", "fixedAmount")} />
      )}
      {optionalAmounts.map((field) => (
        <NumberField key={field} {...optionalAmountText[field]} unit={currency} inputMode="decimal" {...numberField(field, field)} />
      ))}
      <Button type="button" onClick={props.onRemove}>
        Remove rule
      </Button>
    </fieldset>
  );
}

/** The validation window and the rules, each rule a fieldset, and the server's refusal of the set of rules. */
function CommissionFields({ settings, draft, edit, errors, numberField }: SettingsForm<CommissionSettings, Draft>) {
  const editRule = (index: number, change: Partial<RuleDraft>) =>
    edit({ rules: draft.rules.map((rule, at) => (at === index ? { ...rule, ...change } : rule)) });
  return (
    <>
      <NumberField
        label="Validation window"
        unit="days"
        hint="From 0 to 90: how long a commission stays pending before the creator can withdraw it."
        required
        inputMode="numeric"
        min={0}
        max={90}
        {...numberField("validationDays")}
      />
      {draft.rules.map((rule, index) => (
        <RuleFields
          key={index}
          rule={rule}
          index={index}
          currency={settings.currency}
          errors={errors}
          onChange={(change) => editRule(index, change)}
          onRemove={() => edit({ rules: draft.rules.filter((_, at) => at !== index) })}
        />
      ))}
      {errors.rules === undefined ? null : <Notice tone="danger">{errors.rules}</Notice>}
      {draft.rules.length < earningConversionTypes.length ? (
        <Button type="button" onClick={() => edit({ rules: [...draft.rules, emptyRule(draft.rules)] })}>
          Add a rule
        </Button>
      ) : null}
    </>
  );
}

/** When the budget ran out: how many conversions earned nothing since, and when the last one did. */
function BudgetShort({ settings }: { settings: CommissionSettings }) {
  if (settings.budgetShortCount === 0) return null;
  return (
    <Notice tone="warning" announce="status">
      {`The budget is spent: ${settings.budgetShortCount} conversion${settings.budgetShortCount === 1 ? "" : "s"} earned no commission, the last `}
      <DateTime value={settings.budgetShortAt ?? 0} format="date-time" />
      {". Add to the budget to pay the next ones."}
    </Notice>
  );
}

/** What is left of the commission budget, and a form to add to it from the account's funds. */
function CommissionBudgetForm(props: { advertiserId: string; campaignId: string; settings: CommissionSettings }) {
  const { settings } = props;
  const fund = useFundCommissionBudget(props.advertiserId, props.campaignId);
  const [budgetText, setBudgetText] = useState("");
  const [budgetError, setBudgetError] = useState<string | null>(null);
  const [fundingKey, setFundingKey] = useState(() => crypto.randomUUID());
  const currency = settings.currency;

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
    <form onSubmit={addToBudget} noValidate>
      <p>
        {"Budget left: "}
        <Money amount={settings.budget} currency={currency} />
      </p>
      <NumberField
        label="Add to the budget"
        unit={currency}
        hint="From this account's funds."
        error={budgetError ?? undefined}
        inputMode="decimal"
        value={budgetText}
        onValueChange={setBudgetText}
      />
      <Button type="submit" busy={fund.isPending} busyLabel="Adding…">
        Add to budget
      </Button>
      {fund.isError ? (
        <Notice tone="danger" announce="alert">
          {errorText(fund.error)}
        </Notice>
      ) : null}
    </form>
  );
}

/**
 * In the console, on a campaign: what a conversion earns its creator (a fixed amount or a share of its value, per
 * event type, with an optional minimum value and caps), how long a commission stays pending, and the budget the
 * commissions are paid from (docs/decisions/045-commissions.md).
 */
export function CommissionSettingsPanel({ advertiserId, campaignId }: { advertiserId: string; campaignId: string }) {
  return (
    <CampaignSettingsCard
      kind={commissionSettings}
      advertiserId={advertiserId}
      campaignId={campaignId}
      title="Commissions"
      className="commission-settings"
      intro={
        "Pay creators per conversion their link brought: a fixed amount or a share of its value. A commission stays pending for the " +
        "validation window, so a refund or chargeback (sent with reversesEventId) can cancel it, then the creator can withdraw it."
      }
      draftOf={draftOf}
      inputOf={inputOf}
      saveLabel="Save commissions"
      before={(settings) => <BudgetShort settings={settings} />}
      fields={(form) => <CommissionFields {...form} />}
      after={(settings) => <CommissionBudgetForm advertiserId={advertiserId} campaignId={campaignId} settings={settings} />}
    />
  );
}
