import type { Notification } from "@contracts/notifications.ts";
import { useEligibleCampaignNotifications } from "./api/get-recent-notifications";
import "./notifications.css";
import { ButtonLink } from "~/components/ui/button";

/**
 * Unread campaign-eligible notifications as calls to action: the creator has posts to claim. The page brings them
 * (`rendered`), so they are in the first paint and push nothing down later; the notifications query keeps them fresh.
 */
export function EligibleCampaignBanners({ rendered }: { rendered: readonly Notification[] }) {
  const { data } = useEligibleCampaignNotifications({ enabled: true });
  const banners = data ?? rendered;
  if (banners.length === 0) return null;
  return (
    <section aria-label="Payouts to confirm" className="banners">
      {banners.map((notification) => (
        <div key={notification.id} className="banner" role="status">
          <div>
            <strong>{notification.title}</strong>
            {notification.body ? <p>{notification.body}</p> : null}
          </div>
          {notification.campaignId === null ? null : (
            <ButtonLink variant="primary" to={`/campaign/${notification.campaignId}`}>
              Confirm payout
            </ButtonLink>
          )}
        </div>
      ))}
    </section>
  );
}
