import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Checkbox } from "~/components/ui/checkbox";
import { CodeInput, codeDigits, codePattern } from "~/components/ui/code-input";
import { Field } from "~/components/ui/field";
import { NumberField } from "~/components/ui/number-field";
import { Radio, RadioGroup } from "~/components/ui/radio";
import { Select } from "~/components/ui/select";
import { TextInput } from "~/components/ui/text-input";
import { Textarea } from "~/components/ui/textarea";

/** The attributes of the first `<tag …>` in `html`, by name (React writes them with double quotes). */
function attributesOf(html: string, tag: string): Record<string, string> {
  const element = new RegExp(`<${tag}\\b([^>]*)>`).exec(html);
  if (element === null) throw new Error(`no <${tag}> in ${html}`);
  return Object.fromEntries([...(element[1] ?? "").matchAll(/([\w:-]+)="([^"]*)"/g)].map((match) => [match[1], match[2]]));
}

/** The ids of every element in `html`. */
const idsIn = (html: string) => [...html.matchAll(/\bid="([^"]+)"/g)].map((match) => match[1]);

describe("Field with a TextInput", () => {
  it("ties label, hint, error and the required state to the control", () => {
    const html = renderToStaticMarkup(
      <Field id="email" label="E-mail" hint="We write only about payouts." error="Enter an e-mail address." required>
        <TextInput type="email" name="email" />
      </Field>,
    );
    expect(html).toBe(
      '<div class="ui-field">' +
        '<label for="email" class="ui-field-label">E-mail<span class="ui-field-required" aria-hidden="true"> *</span></label>' +
        '<p id="email-hint" class="ui-field-hint">We write only about payouts.</p>' +
        '<input id="email" required="" aria-describedby="email-hint email-error" aria-invalid="true" type="email" class="ui-input" name="email"/>' +
        '<p id="email-error" class="ui-field-error">Enter an e-mail address.</p>' +
        "</div>",
    );
  });

  it("describes nothing and is not invalid when it has neither hint nor error", () => {
    const html = renderToStaticMarkup(
      <Field id="name" label="Name" error="">
        <TextInput name="name" />
      </Field>,
    );
    expect(html).toBe(
      '<div class="ui-field"><label for="name" class="ui-field-label">Name</label>' +
        '<input id="name" type="text" class="ui-input" name="name"/></div>',
    );
  });

  it("wires a generated id when none is given", () => {
    const html = renderToStaticMarkup(
      <Field label="Handle" hint="Without the @." error="Taken.">
        <TextInput name="handle" />
      </Field>,
    );
    const input = attributesOf(html, "input");
    const label = attributesOf(html, "label");
    expect(input.id).toMatch(/\S/);
    expect(label.for).toBe(input.id);
    expect(input["aria-describedby"]).toBe(`${input.id}-hint ${input.id}-error`);
    expect(idsIn(html)).toEqual([`${input.id}-hint`, input.id, `${input.id}-error`]);
    expect(input["aria-invalid"]).toBe("true");
  });

  it("puts the field's descriptions before the control's own", () => {
    const html = renderToStaticMarkup(
      <Field id="bio" label="Bio" hint="Shown on your profile.">
        <TextInput aria-describedby="bio-count" />
      </Field>,
    );
    expect(attributesOf(html, "input")["aria-describedby"]).toBe("bio-hint bio-count");
  });

  it("leaves a control outside a Field as it is given", () => {
    const html = renderToStaticMarkup(<TextInput type="search" aria-label="Search campaigns" id="search" />);
    expect(html).toBe('<input aria-label="Search campaigns" id="search" type="search" class="ui-input"/>');
  });
});

describe("Field with a Textarea or a Select", () => {
  it("wires a Textarea", () => {
    const html = renderToStaticMarkup(
      <Field id="message" label="Message" error="Too long." required>
        <Textarea name="message" />
      </Field>,
    );
    expect(attributesOf(html, "textarea")).toEqual({
      id: "message",
      required: "",
      "aria-describedby": "message-error",
      "aria-invalid": "true",
      rows: "4",
      class: "ui-input ui-textarea",
      name: "message",
    });
  });

  it("wires a Select, its arrow drawn by the wrapper", () => {
    const html = renderToStaticMarkup(
      <Field id="currency" label="Currency" hint="The pool's currency.">
        <Select name="currency" defaultValue="USDC">
          <option value="USDC">USDC</option>
          <option value="EUR">EUR</option>
        </Select>
      </Field>,
    );
    expect(html).toContain('<span class="ui-select"><select ');
    expect(attributesOf(html, "select")).toEqual({
      name: "currency",
      id: "currency",
      "aria-describedby": "currency-hint",
      class: "ui-input ui-select-control",
    });
    expect(html).toContain('<option value="USDC" selected="">USDC</option>');
  });
});

describe("CodeInput", () => {
  it("asks for a numeric keyboard and the device's one-time code", () => {
    const html = renderToStaticMarkup(
      <Field id="code" label="Code from the e-mail" required>
        <CodeInput name="code" />
      </Field>,
    );
    const input = attributesOf(html, "input");
    expect(input).toMatchObject({
      id: "code",
      required: "",
      inputMode: "numeric",
      autoComplete: "one-time-code",
      pattern: "(?:[0-9] ?){5}[0-9]",
      maxLength: "11",
      spellCheck: "false",
      class: "ui-input ui-code-input",
      style: "--ui-code-digits:6",
    });
  });

  it("accepts the digits with single spaces, as the browser checks a pattern (whole value, v flag)", () => {
    const sixDigits = new RegExp(`^(?:${codePattern(6)})$`, "v");
    expect(["123456", "123 456", "1 2 3 4 5 6"].filter((typed) => sixDigits.test(typed))).toEqual(["123456", "123 456", "1 2 3 4 5 6"]);
    expect(["12345", "1234567", "123  456", "12a456", " 123456", "123456 "].filter((typed) => sixDigits.test(typed))).toEqual([]);
    expect(codePattern(1)).toBe("[0-9]");
    expect(() => codePattern(0)).toThrow(RangeError);
  });

  it("reads the digits without the spaces", () => {
    expect(codeDigits(" 123 456 ")).toBe("123456");
    expect(codeDigits("123456")).toBe("123456");
  });
});

describe("Checkbox", () => {
  it("writes its label after the box and wires hint and error", () => {
    const html = renderToStaticMarkup(
      <Checkbox id="terms" name="terms" label="I accept the terms" hint="Version 3." error="Accept the terms to go on." required />,
    );
    expect(attributesOf(html, "input")).toEqual({
      type: "checkbox",
      id: "terms",
      name: "terms",
      class: "ui-choice-input",
      required: "",
      "aria-describedby": "terms-hint terms-error",
      "aria-invalid": "true",
    });
    expect(html.replace(/<input[^>]*>/, "<input/>")).toBe(
      '<div class="ui-choice"><input/>' +
        '<label for="terms" class="ui-choice-label">I accept the terms<span class="ui-field-required" aria-hidden="true"> *</span></label>' +
        '<p id="terms-hint" class="ui-field-hint ui-choice-hint">Version 3.</p>' +
        '<p id="terms-error" class="ui-field-error">Accept the terms to go on.</p>' +
        "</div>",
    );
  });
});

describe("RadioGroup", () => {
  const group = (
    <RadioGroup
      legend="Where to send it"
      name="wallet"
      value="w2"
      onChange={() => undefined}
      hint="Verified wallets only."
      error="Pick one."
    >
      <Radio id="w1" value="w1" label="Main wallet" />
      <Radio id="w2" value="w2" label="Savings" hint="Ends in 9f2c." />
    </RadioGroup>
  );

  it("is a radiogroup named by its legend and described by its hint and error", () => {
    const html = renderToStaticMarkup(group);
    const fieldset = attributesOf(html, "fieldset");
    expect(fieldset.role).toBe("radiogroup");
    expect(fieldset["aria-invalid"]).toBe("true");
    const [hintId, errorId] = (fieldset["aria-describedby"] ?? "").split(" ");
    expect(html).toContain(
      `<legend class="ui-field-label">Where to send it</legend><p id="${hintId}" class="ui-field-hint">Verified wallets only.</p>`,
    );
    expect(html).toContain(`<p id="${errorId}" class="ui-field-error">Pick one.</p></fieldset>`);
  });

  it("gives every option the group's name and checks the chosen one", () => {
    const html = renderToStaticMarkup(group);
    expect(html).toContain(
      '<input type="radio" id="w1" class="ui-choice-input" name="wallet" value="w1"/><label for="w1" class="ui-choice-label">Main wallet</label>',
    );
    expect(html).toContain(
      '<input type="radio" id="w2" class="ui-choice-input" aria-describedby="w2-hint" name="wallet" checked="" value="w2"/>' +
        '<label for="w2" class="ui-choice-label">Savings</label><p id="w2-hint" class="ui-field-hint ui-choice-hint">Ends in 9f2c.</p>',
    );
  });

  it("refuses a Radio outside a RadioGroup", () => {
    expect(() => renderToStaticMarkup(<Radio value="x" label="Alone" />)).toThrow("A Radio belongs inside a RadioGroup");
  });
});

describe("NumberField", () => {
  const ignore = () => undefined;

  it("is a Field around a number input with its bounds and the numeric keypad; the unit ends the label", () => {
    const html = renderToStaticMarkup(
      <NumberField
        id="days"
        label="Validation window"
        unit="days"
        hint="From 0 to 90."
        error="must be at most 90"
        required
        inputMode="numeric"
        min={0}
        max={90}
        value="120"
        onValueChange={ignore}
      />,
    );
    expect(html).toBe(
      '<div class="ui-field">' +
        '<label for="days" class="ui-field-label">Validation window (days)<span class="ui-field-required" aria-hidden="true"> *</span></label>' +
        '<p id="days-hint" class="ui-field-hint">From 0 to 90.</p>' +
        '<input inputMode="numeric" min="0" max="90" id="days" required="" aria-describedby="days-hint days-error" aria-invalid="true" type="number" class="ui-input" value="120"/>' +
        '<p id="days-error" class="ui-field-error">must be at most 90</p>' +
        "</div>",
    );
  });

  it("keeps an amount as text with the decimal keypad, so nothing rounds what was typed", () => {
    const html = renderToStaticMarkup(
      <NumberField id="cap" label="Cap for the campaign" unit="USDC" inputMode="decimal" value="12.50" onValueChange={ignore} />,
    );
    expect(html).toBe(
      '<div class="ui-field"><label for="cap" class="ui-field-label">Cap for the campaign (USDC)</label>' +
        '<input inputMode="decimal" id="cap" type="text" class="ui-input" value="12.50"/></div>',
    );
  });
});
