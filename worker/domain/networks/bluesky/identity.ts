import { AtprotoIdentityResolver } from "@atproto-labs/identity-resolver";
import { didDocumentValidator } from "@atproto/oauth-client";

/**
 * Handle and DID resolution for @atproto/oauth-client under workerd. The library's own resolvers build their
 * requests with `redirect: "error"`, which workerd refuses to construct; these send `redirect: "manual"` and treat a
 * redirect as the failure "error" would have made it. What they ask is the same: com.atproto.identity.resolveHandle
 * of the configured resolver, the PLC directory for did:plc, and /.well-known/did.json for did:web. The resolver
 * around them (AtprotoIdentityResolver) checks that the handle and the DID document name each other.
 */
type DidResolver = ConstructorParameters<typeof AtprotoIdentityResolver>[0];
type HandleResolver = ConstructorParameters<typeof AtprotoIdentityResolver>[1];

async function fetchJson(url: URL, accept: string, signal: AbortSignal | undefined): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { redirect: "manual", headers: { accept }, signal });
  if (response.status >= 300 && response.status < 400) throw new TypeError(`${url.origin} answered with a redirect`);
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON: judged by its status below
  }
  return { status: response.status, body };
}

function xrpcHandleResolver(serviceUrl: string): HandleResolver {
  return {
    async resolve(handle, options) {
      const url = new URL("/xrpc/com.atproto.identity.resolveHandle", serviceUrl);
      url.searchParams.set("handle", handle);
      const { status, body } = await fetchJson(url, "application/json", options?.signal);
      const did = (body as { did?: unknown } | null)?.did;
      if (status === 200 && typeof did === "string" && (did.startsWith("did:plc:") || did.startsWith("did:web:"))) {
        return did as `did:plc:${string}` | `did:web:${string}`;
      }
      // "Unable to resolve handle": there is no such account.
      if (status === 400) return null;
      throw new TypeError(`Handle resolution answered ${status}`);
    },
  };
}

function didDocumentUrl(did: string, plcDirectoryUrl: string): URL {
  if (did.startsWith("did:plc:")) return new URL(`/${encodeURIComponent(did)}`, plcDirectoryUrl);
  if (did.startsWith("did:web:")) return new URL(`https://${decodeURIComponent(did.slice("did:web:".length))}/.well-known/did.json`);
  throw new TypeError(`Unsupported DID method: ${did.slice(0, 16)}`);
}

function didResolver(plcDirectoryUrl: string): DidResolver {
  return {
    async resolve(did, options) {
      const { status, body } = await fetchJson(
        didDocumentUrl(did, plcDirectoryUrl),
        "application/did+ld+json,application/json",
        options?.signal,
      );
      if (status !== 200) throw new TypeError(`DID resolution answered ${status}`);
      const document = didDocumentValidator.parse(body);
      if (document.id !== did) throw new TypeError("The DID document is another DID's");
      return document as Awaited<ReturnType<DidResolver["resolve"]>>;
    },
  } as DidResolver;
}

export function blueskyIdentityResolver(options: { handleResolverUrl: string; plcDirectoryUrl: string }): AtprotoIdentityResolver {
  return new AtprotoIdentityResolver(didResolver(options.plcDirectoryUrl), xrpcHandleResolver(options.handleResolverUrl));
}
