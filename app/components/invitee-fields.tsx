import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { TextInput } from "~/components/ui/text-input";
import { networkAccounts } from "@contracts/networks/accounts.ts";
import { networks, type Network } from "@contracts/networks/ids.ts";

/** Whom an invitation is for, as a form holds it: a handle (empty: anyone) on a network. */
export type InviteeValue = { network: Network; handle: string };

export const anyInvitee: InviteeValue = { network: networks[0], handle: "" };

/** "@ada on Bluesky": the person an invitation names, for the console's lists and notes. */
export function inviteeText(handle: string, network: Network): string {
  return `@${handle} on ${networkAccounts[network].name}`;
}

/**
 * The network and handle of the one person an invitation is for (both optional: an empty handle leaves the link for
 * anyone). The networks are those of the sign-in buttons, the first chosen at first; `error` is the server's word on
 * the handle, which follows the chosen network's rules.
 */
export function InviteeFields({
  value,
  onChange,
  hint,
  error,
}: {
  value: InviteeValue;
  onChange: (value: InviteeValue) => void;
  hint: string;
  error: string | undefined;
}) {
  const accounts = networkAccounts[value.network];
  return (
    <>
      <Field label="Network" hint="The network of the handle below.">
        <Select value={value.network} onChange={(event) => onChange({ ...value, network: networkOf(event.target.value) })}>
          {networks.map((network) => (
            <option key={network} value={network}>
              {networkAccounts[network].name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Handle (optional)" hint={hint} error={error === undefined ? undefined : `Handle ${error}`}>
        <TextInput
          value={value.handle}
          onChange={(event) => onChange({ ...value, handle: event.target.value })}
          placeholder={accounts.signIn.handleExample === "" ? "@handle" : accounts.signIn.handleExample}
          autoComplete="off"
          spellCheck={false}
        />
      </Field>
    </>
  );
}

function networkOf(value: string): Network {
  return networks.find((network) => network === value) ?? networks[0];
}
