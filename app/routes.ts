import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** The route table of SPEC.md section 2, grouped by layout. */
export default [
  layout("layouts/default-layout.tsx", [
    index("routes/dashboard.tsx"),
    route("campaigns", "routes/campaigns.tsx"),
    route("campaign/:campaignId", "routes/campaign.tsx"),
    route("past-campaigns", "routes/past-campaigns.tsx"),
    route("profile", "routes/profile.tsx"),
    route("profile/settings", "routes/profile-settings.tsx"),
    layout("layouts/advertiser-console-layout.tsx", [
      route("advertiser", "routes/advertiser.tsx"),
      route("advertiser/:advertiserId/members", "routes/advertiser-members.tsx"),
      route("advertiser/:advertiserId/funds", "routes/advertiser-funds.tsx"),
      route("advertiser/:advertiserId/api-keys", "routes/advertiser-api-keys.tsx"),
      route("advertiser/:advertiserId/reviews", "routes/advertiser-reviews.tsx"),
      route("advertiser/:advertiserId/campaigns/:campaignId/invitations", "routes/advertiser-campaign-invitations.tsx"),
      route("advertiser/:advertiserId/campaigns", "routes/advertiser-campaigns.tsx"),
      route("advertiser/:advertiserId/campaigns/new", "routes/advertiser-campaign-new.tsx"),
      route("advertiser/:advertiserId/campaigns/:campaignId", "routes/advertiser-campaign.tsx"),
      route("advertiser/:advertiserId/reports", "routes/advertiser-reports.tsx"),
      route("advertiser/:advertiserId/campaigns/:campaignId/report", "routes/advertiser-report.tsx"),
    ]),
    route("admin", "routes/admin.tsx"),
  ]),
  layout("layouts/blank-layout.tsx", [
    route("campaign-preview/:token", "routes/campaign-preview.tsx"),
    route("landing/:advertiser", "routes/landing.tsx"),
    route("invitation/:publicToken", "routes/invitation.tsx"),
    route("advertiser/join/:token", "routes/advertiser-join.tsx"),
    route("login-error", "routes/login-error.tsx"),
    route("not-allowed", "routes/not-allowed.tsx"),
    route("verify", "routes/verify.tsx"),
    route("auth/admin-spoofing/:token/:secret", "routes/admin-spoofing.tsx"),
  ]),
  layout("layouts/article-layout.tsx", [route("articles/:slug", "routes/article.tsx")]),
  layout("layouts/popup-layout.tsx", [route("popup/signed-in", "routes/popup-signed-in.tsx")]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
