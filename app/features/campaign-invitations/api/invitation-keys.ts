export const campaignInvitationKeys = {
  all: ["campaign-invitations"] as const,
  list: (advertiserId: string, campaignId: string) => [...campaignInvitationKeys.all, advertiserId, campaignId] as const,
};

export const invitationsPath = (advertiserId: string, campaignId: string) =>
  `/v1/advertiser/${encodeURIComponent(advertiserId)}/campaigns/${encodeURIComponent(campaignId)}/invitations`;
