import { type } from "arktype";

const utmValue = "string <= 200";

/**
 * A click as a visit puts it on the referral clicks queue, and as the queue's consumer counts and archives it
 * (arktype: read back on the consumer's path). Network address and device are kept only as keyed hashes, enough to
 * tell that two clicks came from the same place.
 */
export const clickRecordShape = type({
  clickId: "string",
  code: "string",
  campaignId: "string",
  creatorUserId: "string",
  at: "number.integer",
  "utm?": {
    "utm_source?": utmValue,
    "utm_medium?": utmValue,
    "utm_campaign?": utmValue,
    "utm_term?": utmValue,
    "utm_content?": utmValue,
  },
  referrer: "string | null",
  deviceHash: "string",
  addressHash: "string",
  /** The link's own creator, signed in on the visiting browser, followed it: self-referral (decision 047). */
  "byCreator?": "true",
});
export type ClickRecord = typeof clickRecordShape.infer;
