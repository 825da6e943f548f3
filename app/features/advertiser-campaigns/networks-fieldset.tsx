import { Checkbox } from "~/components/ui/checkbox";
import { FieldError } from "~/components/ui/field";
import { inNetworkOrder, networksReporting } from "@contracts/campaign-networks.ts";
import { rulesOf } from "@contracts/networks/registry.ts";
import { networks, type Network } from "@contracts/networks/rules.ts";

/** The names of networks, joined for a sentence: "X", "X and Bluesky". */
export function networkNames(chosen: readonly Network[]): string {
  return chosen.map((network) => rulesOf(network).name).join(" and ");
}

/**
 * The networks a campaign's posts go to (docs/decisions/044-campaign-networks.md): X, Bluesky or both, one box each.
 * What a network lacks is said here, so the advertiser knows why some rules below do not apply there.
 */
export function NetworksFieldset({
  chosen,
  error,
  onChange,
}: {
  chosen: readonly Network[];
  error: string | undefined;
  onChange: (chosen: Network[]) => void;
}) {
  const withoutViews = networks.filter((network) => networksReporting([network], "impressions").length === 0);
  return (
    <fieldset aria-describedby={error === undefined ? undefined : "campaign-networks-error"}>
      <legend>Networks</legend>
      <p className="campaign-form-note">
        Where creators publish the campaign&apos;s posts. A creator with accounts on both can post to each.
      </p>
      <div className="campaign-networks">
        {networks.map((network) => (
          <Checkbox
            key={network}
            id={`campaign-network-${network}`}
            label={rulesOf(network).name}
            hint={withoutViews.includes(network) ? `${rulesOf(network).name} publishes no view counts` : undefined}
            checked={chosen.includes(network)}
            onChange={(event) =>
              onChange(event.target.checked ? inNetworkOrder([...chosen, network]) : chosen.filter((candidate) => candidate !== network))
            }
          />
        ))}
      </div>
      {error === undefined ? null : <FieldError id="campaign-networks-error">{error}</FieldError>}
    </fieldset>
  );
}
