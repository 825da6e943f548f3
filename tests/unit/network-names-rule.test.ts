import { RuleTester } from "eslint";
import { describe, it } from "vitest";
import { networkNamesRule } from "../../eslint-rules/network-names.js";

/*
 * `chorus/network-names` (docs/decisions/052-networks-sealed.md): outside the network folders, no string, name or JSX
 * text spells one network's own field or URL.
 */

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ruleTester = new RuleTester({
  languageOptions: { ecmaVersion: "latest", sourceType: "module", parserOptions: { ecmaFeatures: { jsx: true } } },
});

const named = (text: string) => ({ messageId: "named", data: { text } });

ruleTester.run("chorus/network-names", networkNamesRule, {
  valid: [
    "const invitation = { inviteeHandle: 'ada', inviteeNetwork: 'bluesky' };",
    "const sql = 'SELECT invitee_handle, invitee_network FROM invitations';",
    "const report = { apiCost: null, paidApi: { network: 'x' } };",
    "const usage = 'campaign_network_api_usage';",
    // The config variables keep their names (decision 052).
    "const variables = ['X_API_RATES', 'X_API_BASE_URL'];",
    // SPEC.md's current-user field and the twitter: meta tags.
    "const handle = user.twitterHandle;",
    "const meta = { name: 'twitter:card' };",
    // Words that only contain the letters.
    "const maxApiCalls = 3; const boxHandle = 1; const max_api = 2;",
    "const label = <p>X API cost so far</p>;",
  ],
  invalid: [
    { code: "const xHandle = 'ada';", errors: [named("xHandle")] },
    { code: "const sql = 'SELECT x_handle FROM invitations';", errors: [named("SELECT x_handle FROM invitations")] },
    { code: "const config = { xApiRates: null };", errors: [named("xApiRates")] },
    { code: "incurredXApiCost(rates, usage);", errors: [named("incurredXApiCost")] },
    { code: "const table = `campaign_x_api_usage`;", errors: [named("campaign_x_api_usage")] },
    { code: "const id = 'report-x-api-cost-title';", errors: [named("report-x-api-cost-title")] },
    { code: "let row = { xPostId: null };", errors: [named("xPostId")] },
    { code: "const url = 'https://x.com/ada';", errors: [named("https://x.com/ada")] },
    { code: "const link = <a>bsky.app</a>;", errors: [named("bsky.app")] },
  ],
});
