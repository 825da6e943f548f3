import { z } from "zod/mini";

/**
 * What a campaign advertises. Networks restrict some categories (X's paid-partnership label excludes ten of them,
 * docs/decisions/041-disclosure.md), so every campaign names one.
 */
export const campaignCategories = [
  "technology",
  "software",
  "finance",
  "gaming",
  "entertainment",
  "food-and-drink",
  "travel",
  "fashion-and-beauty",
  "home-and-living",
  "education",
  "sports",
  "other",
  "dating",
  "alcohol",
  "sexual-content",
  "drugs",
  "political-or-social-issues",
  "health-and-wellness",
  "weight-loss",
  "medicines",
  "tobacco",
  "weapons",
] as const;
export const campaignCategorySchema = z.enum(campaignCategories);
export type CampaignCategory = z.infer<typeof campaignCategorySchema>;

export const campaignCategoryLabels: Record<CampaignCategory, string> = {
  technology: "Technology",
  software: "Software and apps",
  finance: "Finance",
  gaming: "Gaming",
  entertainment: "Entertainment",
  "food-and-drink": "Food and drink (not alcohol)",
  travel: "Travel",
  "fashion-and-beauty": "Fashion and beauty",
  "home-and-living": "Home and living",
  education: "Education",
  sports: "Sports",
  other: "Something else",
  dating: "Dating",
  alcohol: "Alcohol",
  "sexual-content": "Sexual content",
  drugs: "Drugs",
  "political-or-social-issues": "Political or social issues",
  "health-and-wellness": "Health and wellness",
  "weight-loss": "Weight loss",
  medicines: "Medicines",
  tobacco: "Tobacco",
  weapons: "Weapons",
};
