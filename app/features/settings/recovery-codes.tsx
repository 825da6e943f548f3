import { useState } from "react";
import { CopyButton } from "~/components/ui/copy-button";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { saveFile } from "~/lib/save-file";

/** The recovery codes as a text file: what they are for, and the codes, one a line. */
export function recoveryCodesText(codes: readonly string[], handle?: string): string {
  return [
    `Chorus recovery codes${handle === undefined ? "" : ` for @${handle}`}`,
    "",
    "Each code works once, instead of a code from your authenticator app, to turn two-factor authentication off.",
    "Keep them somewhere safe.",
    "",
    ...codes,
    "",
  ].join("\n");
}

/** Saves `text` as a file in the browser (no server round trip: the codes never leave the page). */
function download(text: string, fileName: string): void {
  saveFile(new Blob([text], { type: "text/plain;charset=utf-8" }), fileName);
}

/** The ten recovery codes, shown this once right after two-factor is turned on, to copy or download. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  const text = recoveryCodesText(codes);
  return (
    <div className="settings-form">
      <Notice tone="success" className="settings-message">
        Two-factor authentication is on.
      </Notice>
      <h3 id="recovery-codes-heading">Your recovery codes</h3>
      <p>
        If you lose your phone, a recovery code turns two-factor authentication off. Each works once.{" "}
        <strong>They are shown only now:</strong> copy or download them and keep them somewhere safe.
      </p>
      <ol className="settings-recovery-codes" aria-labelledby="recovery-codes-heading" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="settings-actions">
        <CopyButton text={text} label="Copy codes" copiedLabel="Codes copied" />
        <Button
          onClick={() => {
            download(text, "chorus-recovery-codes.txt");
            setSaved(true);
          }}
          size="small"
        >
          Download codes
        </Button>
      </div>
      <div className="settings-actions">
        <Button variant="primary" onClick={onDone}>
          {saved ? "Done" : "I saved my codes"}
        </Button>
      </div>
    </div>
  );
}
