import { campaignCategoryLabels, type CampaignCategory } from "../../contracts/campaign-categories.ts";
import { AppError } from "../../contracts/errors.ts";
import { rulesOf } from "../../contracts/networks/registry.ts";
import type { Network } from "../../contracts/networks/rules.ts";

/**
 * Refuses a campaign whose category one of its networks excludes from its paid-partnership label: Chorus could not
 * publish its posts there within the network's rules (docs/decisions/041-disclosure.md). A 400 naming the field
 * and the category.
 */
export function checkCategoryOnNetworks(category: CampaignCategory, networks: readonly Network[]): void {
  for (const network of networks) {
    const rules = rulesOf(network);
    const label = rules.paidPartnershipLabel;
    if (label !== null && label.excludedCategories.includes(category)) {
      const name = campaignCategoryLabels[category];
      throw new AppError(
        400,
        "category_not_allowed",
        `${rules.name} does not allow paid partnerships for ${name.toLowerCase()} (its "${label.name}" label excludes the category), so Chorus cannot run this campaign on ${rules.name}.`,
        [{ loc: ["body", "category"], msg: `${rules.name} excludes the category ${category} from paid partnerships` }],
      );
    }
  }
}
