import { Radio, RadioGroup } from "~/components/ui/radio";
import { rulesOf } from "@contracts/networks/registry.ts";
import type { Network } from "@contracts/networks/rules.ts";

/**
 * Where the post goes: one of the campaign's networks that the creator has an account on, each with its limits as
 * the network states them (docs/decisions/044-campaign-networks.md). A creator with both posts to each in turn.
 */
export function NetworkChoice({
  available,
  network,
  onChoose,
  disabled,
}: {
  available: readonly Network[];
  network: Network;
  onChoose: (network: Network) => void;
  disabled: boolean;
}) {
  return (
    <RadioGroup
      legend="Post on"
      value={network}
      onChange={(value) => onChoose(available.find((candidate) => candidate === value) ?? network)}
      disabled={disabled}
      inline
    >
      {available.map((each) => {
        const { name, text } = rulesOf(each);
        return <Radio key={each} value={each} label={name} hint={`${text.limit} characters. ${text.countingDescription}.`} />;
      })}
    </RadioGroup>
  );
}
