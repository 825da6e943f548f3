import { z } from "zod/mini";
import { personTextChecks } from "./text.ts";

/**
 * API keys of an advertiser account, for conversion ingestion (docs/decisions/018-conversion-ingestion.md). A key is a
 * public key id (`ck_…`, the `api-key` header) and a secret (`cs_…`, the `api-secret` header) shown once at creation.
 */
export const API_KEY_ID_PREFIX = "ck_";
export const API_SECRET_PREFIX = "cs_";

export const createApiKeyBodySchema = z.object({
  label: z.string().check(...personTextChecks("name", 100, "must not be empty")),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  keyId: z.string(),
  label: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** What creation answers: the only time the secret is ever shown. */
export const createdApiKeySchema = z.object({
  id: z.string(),
  keyId: z.string(),
  secret: z.string(),
  label: z.string(),
  createdAt: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ data: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;
