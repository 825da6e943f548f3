/*
 * The networks sealed (docs/decisions/052-networks-sealed.md): a network's own field names, URLs and sign-in paths are
 * written in its folders only (worker/{contracts,db,domain}/networks/<network>/, its emulator, and the tests), where
 * the rules and adapter of that network give them to everyone else. `twitterHandle` is SPEC.md's field of the current
 * user, and stays; so do the config variables (`X_API_RATES`, `X_API_BASE_URL`), which is why the invitation and API
 * cost spellings are matched in lower and camel case only.
 */
export const networkSpecificNames = [
  /x_post_id|xPostId|x_user_id|xUserId/i,
  /(^|[^a-z0-9])x\.com\b|twitter\.com|bsky\.app/i,
  /\/auth\/(twitter|bluesky)\b|\/oauth\/bluesky\b/i,
  /twitter(?!handle|:)/i,
  // X's invitation handle and API cost: x_handle, x-api-cost, campaign_x_api_usage, xHandle, xApiRates, incurredXApiCost.
  /(^|[^A-Za-z0-9])x[-_](handle|api)(?![a-z0-9])/,
  /(^|[^A-Za-z0-9])x(Handle|Api)(?![a-z])/,
  /(^|[^A-Z])X(Handle|Api)(?![a-z])/,
];

/** Whether `text` (a string, a template's text, a name or JSX text) spells one network's own field or URL. */
export function namesOneNetwork(text) {
  return networkSpecificNames.some((pattern) => pattern.test(text));
}

/** `chorus/network-names`: refuses such a spelling outside the network folders (eslint.config.js says where). */
export const networkNamesRule = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      named:
        "'{{text}}' belongs to one network: take it from the network's rules (@contracts/networks/accounts.ts, registry.ts) or its adapter, or write it in the network's folder (decision 052).",
    },
  },
  create(context) {
    const check = (node, text) => {
      if (namesOneNetwork(text)) context.report({ node, messageId: "named", data: { text } });
    };
    return {
      Literal: (node) => typeof node.value === "string" && check(node, node.value),
      TemplateElement: (node) => check(node, node.value.raw),
      Identifier: (node) => check(node, node.name),
      JSXText: (node) => check(node, node.value),
    };
  },
};
