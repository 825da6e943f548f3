import type { CSSProperties } from "react";
import { classNames } from "./class-names";
import { TextInput, type TextInputProps } from "./text-input";

export type CodeInputProps = Omit<TextInputProps, "type" | "inputMode" | "autoComplete" | "pattern" | "maxLength" | "fullWidth"> & {
  /** How many digits the code has (6 unless told). */
  digits?: number;
};

/** The pattern a code of `digits` digits may be typed in: the digits, each followed by at most one space ("123 456"). */
export function codePattern(digits: number): string {
  if (!Number.isInteger(digits) || digits < 1) throw new RangeError(`A code has at least one digit, got ${digits}`);
  return digits === 1 ? "[0-9]" : `(?:[0-9] ?){${digits - 1}}[0-9]`;
}

/** The digits of a typed or pasted code, without the spaces people copy with it ("123 456" is "123456"). */
export function codeDigits(typed: string): string {
  return typed.replace(/\s+/g, "");
}

/**
 * A one-time code (from an e-mail or an authenticator app): a numeric keyboard on phones, filled in by the device where
 * it offers the code (autocomplete one-time-code), spaces allowed as codes are often shown "123 456". Put it in a Field;
 * read its value through `codeDigits`.
 */
export function CodeInput({ digits = 6, className, ...input }: CodeInputProps) {
  return (
    <TextInput
      {...input}
      className={classNames("ui-code-input", className)}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern={codePattern(digits)}
      maxLength={digits * 2 - 1}
      spellCheck={false}
      autoCorrect="off"
      autoCapitalize="off"
      style={{ ...input.style, "--ui-code-digits": digits } as CSSProperties}
    />
  );
}
