import { Link } from "react-router";
import { useEligibleCampaignNotifications } from "~/features/notifications/api/get-recent-notifications";

/** Unread campaign-eligible notifications as calls to action: the creator has posts to claim. */
export function EligibleCampaignBanners() {
  const { data } = useEligibleCampaignNotifications({ enabled: true });
  if (data === undefined || data.length === 0) return null;
  return (
    <section aria-label="Payouts to confirm" className="banners">
      {data.map((notification) => (
        <div key={notification.id} className="banner" role="status">
          <div>
            <strong>{notification.title}</strong>
            {notification.body ? <p>{notification.body}</p> : null}
          </div>
          {notification.campaignId === null ? null : (
            <Link to={`/campaign/${notification.campaignId}`} className="button button-primary">
              Confirm payout
            </Link>
          )}
        </div>
      ))}
    </section>
  );
}
