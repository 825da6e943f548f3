import { Notice } from "~/components/ui/notice";

/**
 * The one message of a settings form: an error (announced at once) or a success. The status region is always on the
 * page, so a success written into it is heard.
 */
export function FormMessage({ error, success }: { error: string | null; success?: string | null }) {
  if (error !== null) {
    return (
      <Notice tone="danger" announce="alert" className="settings-message">
        {error}
      </Notice>
    );
  }
  return (
    <div role="status" className="settings-message">
      {success ? (
        <Notice tone="success" announce="none">
          {success}
        </Notice>
      ) : null}
    </div>
  );
}
