import { type } from "arktype";
import { iconEndpointProblem, isValidIconEndpoint } from "./contracts/icon-endpoint.ts";
import { networkSettingFields, networkSettingsFrom, type NetworkSettings } from "./contracts/networks/settings.ts";

/**
 * The one place configuration is read. Every variable and secret is validated once per isolate; a bad value
 * stops the worker with a message that names the variable and says what it should look like.
 */
const commaSeparated = type("string").pipe((value) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item.length > 0),
);

const originList = commaSeparated.narrow((origins, ctx) => {
  for (const origin of origins) {
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      return ctx.reject({ problem: `must be a list of origins such as https://app.example.com (got "${origin}")` });
    }
    if (parsed.origin !== origin) {
      return ctx.reject({ problem: `must hold bare origins without a path or trailing slash (got "${origin}")` });
    }
  }
  return origins.length > 0 || ctx.reject({ problem: "must name at least one origin" });
});

const httpUrl = type("string.url").narrow(
  (url, ctx) => /^https?:\/\//.test(url) || ctx.reject({ problem: `must be an http(s) URL (got "${url}")` }),
);

const secret = (minimumLength: number, example: string) =>
  type("string").narrow(
    (value, ctx) =>
      value.length >= minimumLength ||
      ctx.reject({ problem: `must be a secret of at least ${minimumLength} characters (for example ${example})` }),
  );

/** A sender as mail headers write it: `Chorus <no-reply@example.com>` or `no-reply@example.com`. */
const mailSender = type("string").narrow(
  (value, ctx) =>
    /^([^<>@]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/.test(value.trim()) ||
    ctx.reject({ problem: `must be a sender such as Chorus <no-reply@example.com> (got "${value}")` }),
);

const base64Key = type("string").narrow((value, ctx) => {
  try {
    if (atob(value).length === 32) return true;
  } catch {
    // falls through to the rejection below
  }
  return ctx.reject({ problem: "must be 32 random bytes in base64 (openssl rand -base64 32)" });
});

/**
 * An Application Insights connection string: `InstrumentationKey=<guid>;IngestionEndpoint=https://…/` (other parts,
 * such as LiveEndpoint or ApplicationId, are allowed and ignored).
 */
const connectionString = type("string").pipe((value, ctx) => {
  const parts = new Map(
    value
      .split(";")
      .map((part) => part.trim())
      .filter((part) => part.length > 0)
      .map((part) => [part.slice(0, part.indexOf("=")).toLowerCase(), part.slice(part.indexOf("=") + 1)] as const),
  );
  const instrumentationKey = parts.get("instrumentationkey") ?? "";
  const ingestionEndpoint = (parts.get("ingestionendpoint") ?? "").replace(/\/+$/, "");
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(instrumentationKey)) {
    return ctx.error({
      problem: "must be a connection string with InstrumentationKey=<guid>;IngestionEndpoint=https://… (Azure portal, Overview)",
    });
  }
  if (!/^https?:\/\/[^\s]+$/.test(ingestionEndpoint)) {
    return ctx.error({ problem: `must name an http(s) IngestionEndpoint (got "${ingestionEndpoint}")` });
  }
  return { instrumentationKey: instrumentationKey.toLowerCase(), ingestionEndpoint };
});

const configSchema = type({
  ENVIRONMENT: "'local' | 'production'",
  APP_ORIGINS: originList,
  CORE_APP_DOMAIN: /^[a-z0-9.-]+$/,
  DEDICATED_BRANDS: commaSeparated.narrow(
    (brands, ctx) => brands.length === 2 || ctx.reject({ problem: "must name exactly two brands, e.g. aurora,nimbus" }),
  ),
  ICON_ENDPOINT: type("string").narrow((value, ctx) => isValidIconEndpoint(value) || ctx.reject({ problem: iconEndpointProblem(value) })),
  X_AUTHORIZE_URL: httpUrl,
  X_API_BASE_URL: httpUrl,
  X_CLIENT_ID: "string > 0",
  X_CLIENT_SECRET: secret(8, "the client secret from the X developer portal"),
  ...networkSettingFields,
  JWT_SIGNING_KEY: secret(32, "openssl rand -base64 48"),
  TOKEN_ENCRYPTION_KEY: base64Key,
  ADMIN_SPOOFING_SECRET: secret(24, "openssl rand -base64 32"),
  MAIL_API_URL: httpUrl,
  MAIL_FROM: mailSender,
  MAIL_API_KEY: secret(8, "an API key from resend.com/api-keys"),
  PAYOUT_API_URL: httpUrl,
  PAYOUT_API_KEY: secret(8, "the API key from your payout provider's dashboard"),
  BLUESKY_HANDLE_RESOLVER_URL: httpUrl,
  BLUESKY_PLC_DIRECTORY_URL: httpUrl,
  BLUESKY_APPVIEW_URL: httpUrl,
  PAYOUT_WEBHOOK_SECRET: secret(24, "the webhook signing secret you set at your payout provider (openssl rand -base64 32)"),
  APPLICATIONINSIGHTS_CONNECTION_STRING: connectionString,
});

export type AppConfig = NetworkSettings & {
  environment: "local" | "production";
  appOrigins: string[];
  coreAppDomain: string;
  dedicatedBrands: [string, string];
  /** Where the browser loads icons: the worker's own /icons, or a public Iconify service. */
  iconEndpoint: string;
  x: { authorizeUrl: string; apiBaseUrl: string; clientId: string; clientSecret: string };
  /** Resend's HTTP API (locally the mail outbox emulator) and the sender of every message. */
  mail: { apiUrl: string; apiKey: string; from: string };
  /**
   * The payout provider (locally the payout rail emulator), and the secret its webhook signs with
   * (docs/decisions/032-spec-server-items.md section 4).
   */
  payouts: { apiUrl: string; apiKey: string; webhookSecret: string };
  /**
   * Bluesky (docs/decisions/042-bluesky.md): the service that resolves handles, the PLC directory that resolves
   * did:plc identities, and the public app view that reads posts. Each person's own PDS is found from their DID.
   */
  bluesky: { handleResolverUrl: string; plcDirectoryUrl: string; appViewUrl: string };
  /** Application Insights: the key the browser's SDK uses (public) and where the worker forwards telemetry. */
  telemetry: { instrumentationKey: string; ingestionEndpoint: string };
  secrets: { jwtSigningKey: string; tokenEncryptionKey: string; adminSpoofingSecret: string };
};

export class ConfigurationError extends Error {
  override name = "ConfigurationError";
}

/** Production talks to real services over TLS only: a local URL left in production is a mistake to stop on. */
function productionProblems(result: typeof configSchema.infer): string[] {
  if (result.ENVIRONMENT !== "production") return [];
  const insecure = [
    ...result.APP_ORIGINS.map((origin) => ["APP_ORIGINS", origin] as const),
    ["X_AUTHORIZE_URL", result.X_AUTHORIZE_URL] as const,
    ["X_API_BASE_URL", result.X_API_BASE_URL] as const,
    ["MAIL_API_URL", result.MAIL_API_URL] as const,
    ["PAYOUT_API_URL", result.PAYOUT_API_URL] as const,
    ["BLUESKY_HANDLE_RESOLVER_URL", result.BLUESKY_HANDLE_RESOLVER_URL] as const,
    ["BLUESKY_PLC_DIRECTORY_URL", result.BLUESKY_PLC_DIRECTORY_URL] as const,
    ["BLUESKY_APPVIEW_URL", result.BLUESKY_APPVIEW_URL] as const,
    ["APPLICATIONINSIGHTS_CONNECTION_STRING", result.APPLICATIONINSIGHTS_CONNECTION_STRING.ingestionEndpoint] as const,
  ].filter(([, url]) => !url.startsWith("https://"));
  return insecure.map(([name, url]) => `- ${name} must use https in production (got "${url}")`);
}

export function parseConfig(vars: Record<string, unknown>): AppConfig {
  const result = configSchema(vars);
  if (result instanceof type.errors) {
    const lines = result.map((error) => `- ${error.path.join(".") || "(root)"} ${error.problem}`);
    throw new ConfigurationError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const problems = productionProblems(result);
  if (problems.length > 0) throw new ConfigurationError(`Invalid configuration:\n${problems.join("\n")}`);
  const [first, second] = result.DEDICATED_BRANDS;
  if (first === undefined || second === undefined) throw new ConfigurationError("DEDICATED_BRANDS must name two brands");
  return {
    environment: result.ENVIRONMENT,
    appOrigins: result.APP_ORIGINS,
    coreAppDomain: result.CORE_APP_DOMAIN,
    dedicatedBrands: [first, second],
    iconEndpoint: result.ICON_ENDPOINT.replace(/\/+$/, ""),
    x: {
      authorizeUrl: result.X_AUTHORIZE_URL,
      apiBaseUrl: result.X_API_BASE_URL.replace(/\/+$/, ""),
      clientId: result.X_CLIENT_ID,
      clientSecret: result.X_CLIENT_SECRET,
    },
    ...networkSettingsFrom(result),
    mail: { apiUrl: result.MAIL_API_URL.replace(/\/+$/, ""), apiKey: result.MAIL_API_KEY, from: result.MAIL_FROM.trim() },
    payouts: {
      apiUrl: result.PAYOUT_API_URL.replace(/\/+$/, ""),
      apiKey: result.PAYOUT_API_KEY,
      webhookSecret: result.PAYOUT_WEBHOOK_SECRET,
    },
    bluesky: {
      handleResolverUrl: result.BLUESKY_HANDLE_RESOLVER_URL.replace(/\/+$/, ""),
      plcDirectoryUrl: result.BLUESKY_PLC_DIRECTORY_URL.replace(/\/+$/, ""),
      appViewUrl: result.BLUESKY_APPVIEW_URL.replace(/\/+$/, ""),
    },
    telemetry: result.APPLICATIONINSIGHTS_CONNECTION_STRING,
    secrets: {
      jwtSigningKey: result.JWT_SIGNING_KEY,
      tokenEncryptionKey: result.TOKEN_ENCRYPTION_KEY,
      adminSpoofingSecret: result.ADMIN_SPOOFING_SECRET,
    },
  };
}

const parsedConfigs = new WeakMap<object, AppConfig>();

/** Parses the environment once per isolate (the env object is stable for the isolate's life). */
export function configFrom(env: Cloudflare.Env): AppConfig {
  let config = parsedConfigs.get(env);
  if (config === undefined) {
    config = parseConfig({ ...env });
    parsedConfigs.set(env, config);
  }
  return config;
}
