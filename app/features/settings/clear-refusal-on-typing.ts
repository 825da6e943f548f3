import type { ChangeEvent } from "react";

/** What this needs of a mutation: whether its last try was refused, and how to forget that. */
type Refusable = { isError: boolean; reset: () => void };

/**
 * A text field's onChange that keeps what is typed and clears the mutation's last refusal, so an error about the old
 * text does not stay beside the new one.
 */
export function clearRefusalOnTyping(setText: (text: string) => void, mutation: Refusable) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    setText(event.target.value);
    if (mutation.isError) mutation.reset();
  };
}
