import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import boundaries from "eslint-plugin-boundaries";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { networkNamesRule } from "./eslint-rules/network-names.js";

/*
 * The layers and the one direction of imports between them (docs/decisions/011-layers.md, and for the browser's three
 * layers docs/decisions/037-feature-homes.md). The two tables GROUPS and MAY_IMPORT are the only place the
 * map is written; the `boundaries/dependencies` rule is generated from them.
 *
 * GROUPS: which files are in which group (globs from the repository root). Each layer is a group; a few more groups
 * name a slice of a layer that the narrower arrows need (a file is in its layer and in every slice that matches it).
 * Every file under worker/ and app/ must be in a layer. A group written `{ pattern, capture }` names the parts of the
 * path its wildcards match (`feature`: the folder under app/features/), which MAY_IMPORT's `ownFeature` compares.
 */
const GROUPS = {
  // The layers.
  contracts: ["worker/contracts/**"],
  platform: [
    "worker/clock.ts",
    "worker/timings.ts",
    "worker/database.ts",
    "worker/isolate-memory.ts",
    "worker/config.ts",
    "worker/capabilities.ts",
    "worker/security/**",
    "worker/clients/**",
    "worker/edge/**",
  ],
  db: ["worker/db/**"],
  domain: ["worker/domain/**"],
  loaders: ["worker/loaders/**"],
  entry: [
    "worker/http/**",
    "worker/trpc/**",
    "worker/jobs/**",
    "worker/objects/**",
    "worker/middleware/**",
    "worker/ssr/**",
    "worker/worker-env.ts",
  ],
  root: ["worker/app.ts", "worker/index.ts"],
  emulators: ["emulators/**"],
  // The browser: shared code (the shell, the UI kit, lib, styles) <- features <- the route level (routes, layouts,
  // the root and the entries), which puts features together.
  "app-shared": ["app/components/**", "app/lib/**", "app/styles/**", "app/content/**", "app/types/**", "app/worker-context.ts"],
  feature: { pattern: ["app/features/*/**"], capture: ["feature"] },
  "app-routes": ["app/routes/**", "app/layouts/**", "app/root.tsx", "app/routes.ts", "app/entry.client.tsx", "app/entry.server.tsx"],
  outside: ["tests/**", "fixtures/**", "e2e/**", "bench/**", "fuzz/**", "scripts/**", "eslint-rules/**", "*.{ts,js}"],
  // Slices of layers, for the narrower arrows.
  ssr: ["worker/ssr/**"],
  "worker-context": ["app/worker-context.ts"],
  "app-router": ["worker/trpc/router.ts"],
  "app-server": [
    "app/routes/**",
    "app/layouts/**",
    "app/root.tsx",
    "app/worker-context.ts",
    "app/entry.server.tsx",
    "app/**/*.server.{ts,tsx}",
  ],
  "server-types": ["worker/capabilities.ts", "worker/config.ts", "worker/clock.ts"],
  // React Router's generated route types (`import type { Route } from "./+types/campaign"`, found through rootDirs).
  "route-types": [".react-router/types/**"],
};

/** `typesOf(group)`: only `import type { … } from` (the import is erased from the build). */
const typesOf = (group) => ({ typesOnly: group });
/** `ownFeature`: files of the importing file's own feature (the same folder under app/features/), and no other's. */
const ownFeature = { ownFeatureOf: "feature" };

/*
 * MAY_IMPORT: what a file in each group may import, besides npm packages and Node/Workers built-ins; a file has the
 * arrows of every group it is in. Any other import of a file in the repository is an error, and so is any cycle.
 */
// prettier-ignore
const MAY_IMPORT = {
  contracts:    ["contracts"],
  platform:     ["contracts", "platform"],
  db:           ["contracts", "platform", "db"],
  domain:       ["contracts", "platform", "db", "domain"],
  loaders:      ["contracts", "platform", "db", "domain", "loaders"],
  entry:        ["contracts", "platform", "domain", "loaders", "entry"],
  root:         ["contracts", "platform", "db", "domain", "loaders", "entry", "root"],
  emulators:    ["contracts", "emulators"],
  "app-shared": ["app-shared", "contracts", typesOf("app-router")],
  feature:      [ownFeature, "app-shared", "contracts"],
  "app-routes": ["app-routes", "feature", "app-shared", "contracts", typesOf("route-types")],
  outside:      ["*"],
  // the narrower arrows
  ssr:          ["worker-context"],
  "app-server": ["loaders", typesOf("server-types")],
};

// The rule, generated from the two tables.
const groupNames = Object.keys(GROUPS);
const nameOf = (target) => (typeof target === "string" ? target : (target.typesOnly ?? target.ownFeatureOf));
for (const [from, targets] of Object.entries(MAY_IMPORT)) {
  for (const name of [from, ...targets.map(nameOf)]) {
    if (name !== "*" && !groupNames.includes(name))
      throw new Error(`eslint.config.js: MAY_IMPORT names "${name}", which GROUPS does not define`);
  }
}
const layerPolicies = Object.entries(MAY_IMPORT).map(([from, targets]) => {
  const values = targets.filter((target) => typeof target === "string").flatMap((t) => (t === "*" ? groupNames : [t]));
  const types = targets.filter((target) => target.typesOnly !== undefined).map((target) => target.typesOnly);
  const own = targets.filter((target) => target.ownFeatureOf !== undefined).map((target) => target.ownFeatureOf);
  const allow = [];
  if (values.length > 0) allow.push({ to: { file: { categories: values } } });
  if (types.length > 0) allow.push({ to: { file: { categories: types } }, dependency: { kind: "type" } });
  for (const group of own) {
    allow.push({ to: { file: { categories: group, captured: { feature: "{{from.file.captured.feature}}" } } } });
  }
  return { from: { file: { categories: from } }, allow };
});
const layerMessage =
  "{{from.file.categories}}{{#if from.file.captured.feature}} {{from.file.captured.feature}}{{/if}} may not {{dependency.kind}}-import " +
  "{{#if to.file.path}}{{to.file.path}} ({{#if to.file.categories}}{{to.file.categories}}{{#if to.file.captured.feature}} " +
  "{{to.file.captured.feature}}{{/if}}{{else}}in no layer{{/if}})" +
  '{{else}}"{{dependency.source}}" (not resolved){{/if}}: see MAY_IMPORT in eslint.config.js and docs/decisions/011-layers.md';

const resolverOptions = {
  project: ["tsconfig.cloudflare.json", "tsconfig.worker-tests.json", "tsconfig.node.json"],
  noWarnOnMultipleProjects: true,
};

/** The elements only the UI kit writes, and a class list that asks for the old button look ("button", "button-…"). */
const kitElements = ["button", "input", "select", "textarea", "dialog"];
const noIntlMessage =
  "Words numbers, dates and lists with app/lib/format.ts: an Intl formatter on a page costs a phone a long task (decision 031).";
const noIntlInTheBrowser = [
  { selector: "MemberExpression[object.name='Intl']", message: noIntlMessage },
  { selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]", message: noIntlMessage },
];
const buttonClass = String.raw`/(^|\s)button(-|\s|$)/`;

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      ".wrangler/",
      "node_modules/",
      "playwright-report/",
      "test-results/",
      "bench-results/",
      "worker-configuration.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["error", "warn", "info", "log", "table"] }],
    },
  },
  {
    // The layers and cycles. Imports are resolved as TypeScript resolves them (`.ts` extensions, `~/` = app/).
    files: ["**/*.{ts,tsx,js}"],
    plugins: { boundaries, "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver(resolverOptions)],
      "import/resolver": { typescript: resolverOptions },
      "boundaries/root-path": import.meta.dirname,
      "boundaries/files": Object.entries(GROUPS).map(([category, group]) =>
        Array.isArray(group) ? { category, pattern: group } : { category, ...group },
      ),
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "boundaries/dependencies": [
        "error",
        { default: "disallow", checkUnknownLocals: true, checkInternals: true, policies: layerPolicies, message: layerMessage },
      ],
    },
  },
  {
    files: ["worker/**", "app/**"],
    plugins: { boundaries },
    rules: { "boundaries/no-unknown-files": "error" },
  },
  {
    // No Intl in the browser's code: the first formatter a page builds loads its locale data, a long task in the middle
    // of hydrating on a phone (decision 031); app/lib/format.ts words numbers, dates and lists as Intl's English does.
    files: ["app/**/*.ts", "app/components/ui/**/*.tsx"],
    ignores: ["app/**/*.server.ts"],
    rules: { "no-restricted-syntax": ["error", ...noIntlInTheBrowser] },
  },
  {
    // One UI kit (decision 030): buttons, form controls and dialogs are written in app/components/ui/ only; a screen
    // uses Button, ButtonLink, Field with TextInput/Textarea/Select/CodeInput, Checkbox, RadioGroup, FilePicker, Dialog.
    files: ["app/**/*.tsx"],
    ignores: ["app/components/ui/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...noIntlInTheBrowser,
        ...kitElements.map((element) => ({
          selector: `JSXOpeningElement[name.name='${element}']`,
          message: `A <${element}> is written by the UI kit only: use its component from app/components/ui/ (decision 030).`,
        })),
        ...["JSXAttribute[name.name='className'] Literal", "JSXAttribute[name.name='className'] TemplateElement[value.raw]"].map(
          (node) => ({
            selector: `${node}[${node.endsWith("[value.raw]") ? "value.raw" : "value"}=${buttonClass}]`,
            message: "A button look comes from the UI kit's Button or ButtonLink, not a `button` class (decision 030).",
          }),
        ),
      ],
    },
  },
  {
    files: ["worker/**/*.ts", "app/**/*.{ts,tsx}", "fixtures/**/*.ts"],
    ignores: ["worker/contracts/networks/*/**", "worker/db/networks/*/**", "worker/domain/networks/*/**", "emulators/**"],
    plugins: { chorus: { rules: { "network-names": networkNamesRule } } },
    rules: { "chorus/network-names": "error" },
  },
  {
    // One spelling of a contract and of a page loader in the browser's code: the alias, never a climb out of app/.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^(\\.\\./)+worker/contracts/", message: "Import contracts as @contracts/… (tsconfig paths)." },
            { regex: "^(\\.\\./)+worker/loaders/", message: "Import page loaders as @loaders/… (tsconfig paths)." },
          ],
        },
      ],
    },
  },
);
