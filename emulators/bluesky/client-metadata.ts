import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet } from "jose";

/**
 * What the authorization server knows of a client, read as atproto OAuth says: a loopback client id
 * (`http://localhost?redirect_uri=…&scope=…`) describes itself; any other client id is the URL of its metadata
 * document, fetched here (https, or http on this machine).
 */
export type ClientMetadata = {
  clientId: string;
  redirectUris: string[];
  scope: string;
  authMethod: "none" | "private_key_jwt";
  jwks: JSONWebKeySet | null;
  jwksUri: string | null;
};

export type ClientLookup = { ok: true; client: ClientMetadata } | { ok: false; message: string };

function isLocalHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

function loopbackClient(clientId: URL): ClientLookup {
  if (clientId.pathname !== "/" || clientId.port !== "")
    return { ok: false, message: "Loopback client_id must be http://localhost with no port or path" };
  const redirectUris = clientId.searchParams.getAll("redirect_uri");
  return {
    ok: true,
    client: {
      clientId: clientId.href.replace(/\/\?/, "?").replace(/\/$/, ""),
      redirectUris: redirectUris.length > 0 ? redirectUris : ["http://127.0.0.1/", "http://[::1]/"],
      scope: clientId.searchParams.get("scope") ?? "atproto",
      authMethod: "none",
      jwks: null,
      jwksUri: null,
    },
  };
}

const cache = new Map<string, { client: ClientMetadata; until: number }>();

async function discoverableClient(clientId: URL, now: number): Promise<ClientLookup> {
  if (clientId.protocol !== "https:" && !(clientId.protocol === "http:" && isLocalHost(clientId.hostname))) {
    return { ok: false, message: "client_id must be an https URL (or http on this machine)" };
  }
  const cached = cache.get(clientId.href);
  if (cached !== undefined && cached.until > now) return { ok: true, client: cached.client };
  let document: unknown;
  try {
    const response = await fetch(clientId, { headers: { accept: "application/json" }, redirect: "error" });
    if (!response.ok) return { ok: false, message: `Client metadata document answered ${response.status}` };
    document = await response.json();
  } catch {
    return { ok: false, message: "Client metadata document could not be fetched" };
  }
  if (typeof document !== "object" || document === null) return { ok: false, message: "Client metadata is not a JSON object" };
  const fields = document as Record<string, unknown>;
  if (fields.client_id !== clientId.href) return { ok: false, message: "Client metadata client_id does not match its URL" };
  const redirectUris = fields.redirect_uris;
  if (!Array.isArray(redirectUris) || redirectUris.length === 0 || !redirectUris.every((uri) => typeof uri === "string")) {
    return { ok: false, message: "Client metadata redirect_uris must be a non-empty list" };
  }
  if (fields.dpop_bound_access_tokens !== true) return { ok: false, message: "Client metadata must set dpop_bound_access_tokens" };
  const authMethod = fields.token_endpoint_auth_method ?? "none";
  if (authMethod !== "none" && authMethod !== "private_key_jwt") return { ok: false, message: "Unsupported token_endpoint_auth_method" };
  const jwks = typeof fields.jwks === "object" && fields.jwks !== null ? (fields.jwks as JSONWebKeySet) : null;
  const jwksUri = typeof fields.jwks_uri === "string" ? fields.jwks_uri : null;
  if (authMethod === "private_key_jwt" && jwks === null && jwksUri === null)
    return { ok: false, message: "private_key_jwt client without jwks" };
  const client: ClientMetadata = {
    clientId: clientId.href,
    redirectUris,
    scope: typeof fields.scope === "string" ? fields.scope : "atproto",
    authMethod,
    jwks,
    jwksUri,
  };
  cache.set(clientId.href, { client, until: now + 60_000 });
  return { ok: true, client };
}

export async function lookUpClient(clientId: string, now: number): Promise<ClientLookup> {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return { ok: false, message: "client_id must be a URL" };
  }
  if (url.protocol === "http:" && url.hostname === "localhost") return loopbackClient(url);
  return discoverableClient(url, now);
}

/** Whether a redirect URI is one the client registered (a loopback callback matches on any port, RFC 8252 7.3). */
export function redirectUriAllowed(client: ClientMetadata, redirectUri: string): boolean {
  if (client.redirectUris.includes(redirectUri)) return true;
  if (client.authMethod !== "none" || !client.clientId.startsWith("http://localhost")) return false;
  try {
    const wanted = new URL(redirectUri);
    return client.redirectUris.some((registered) => {
      const candidate = new URL(registered);
      return candidate.protocol === "http:" && candidate.hostname === wanted.hostname && candidate.pathname === wanted.pathname;
    });
  } catch {
    return false;
  }
}

/** Checks the client's authentication at PAR and token requests: none, or a private_key_jwt assertion signed by its keys. */
export async function authenticateClient(
  client: ClientMetadata,
  form: URLSearchParams,
  issuer: string,
  now: number,
): Promise<string | null> {
  if (client.authMethod === "none") return null;
  if (form.get("client_assertion_type") !== "urn:ietf:params:oauth:client-assertion-type:jwt-bearer") {
    return "client_assertion_type must be jwt-bearer";
  }
  const assertion = form.get("client_assertion") ?? "";
  const keys = client.jwks !== null ? createLocalJWKSet(client.jwks) : createRemoteJWKSet(new URL(client.jwksUri ?? ""));
  try {
    await jwtVerify(assertion, keys, {
      issuer: client.clientId,
      subject: client.clientId,
      audience: issuer,
      maxTokenAge: 300,
      currentDate: new Date(now),
    });
    return null;
  } catch {
    return "Invalid client_assertion";
  }
}
