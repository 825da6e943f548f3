import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CopyButton } from "~/components/ui/copy-button";
import { Notice } from "~/components/ui/notice";
import { TextInput } from "~/components/ui/text-input";

/** An invitation's link, selected whole on focus, with a button that copies it. */
export function InvitationLink({ link }: { link: string }) {
  return (
    <p className="advertiser-link-row">
      <TextInput readOnly value={link} aria-label="Invitation link" onFocus={(event) => event.target.select()} />
      <CopyButton text={link} label="Copy link" />
    </p>
  );
}

export type InvitationLinkCardProps<Created extends { link: string }> = {
  title: string;
  /** The invitation's fields (who may use it, for how long). */
  children: ReactNode;
  onCreate: () => void;
  creating: boolean;
  /** The server's refusal that no field shows, or null. */
  refusal: string | null;
  /** The invitation just created, null until one is; its link is shown to copy under what `about` says of it. */
  created: Created | null;
  about: (created: Created) => ReactNode;
};

/**
 * A console card that creates an invitation link (to an advertiser account, to a campaign): the fields, "Create
 * invitation link", the refusal no field shows, then the new link to copy.
 */
export function InvitationLinkCard<Created extends { link: string }>(props: InvitationLinkCardProps<Created>) {
  const { title, children, onCreate, creating, refusal, created } = props;
  return (
    <Card title={title} className="advertiser-invite">
      <form
        className="advertiser-form"
        onSubmit={(event) => {
          event.preventDefault();
          onCreate();
        }}
      >
        {children}
        <div className="advertiser-form-actions">
          <Button type="submit" variant="primary" busy={creating} busyLabel="Creating the link…">
            Create invitation link
          </Button>
        </div>
        {refusal === null ? null : <Notice tone="danger" announce="alert">{`The invitation was not created: ${refusal}`}</Notice>}
      </form>
      {created === null ? null : (
        <Notice tone="success" className="advertiser-link">
          <p>{props.about(created)}</p>
          <InvitationLink link={created.link} />
        </Notice>
      )}
    </Card>
  );
}
