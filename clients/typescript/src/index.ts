/**
 * Mnemara's REST API v1 for TypeScript: `paths` and `components` are generated from the OpenAPI schema
 * (`src/schema.d.ts`, by openapi-typescript), requests are typed by openapi-fetch. See README.md.
 */
import createClient, { type Client } from "openapi-fetch";

import type { components, paths } from "./schema.js";

export type { components, paths } from "./schema.js";
export type Memory = components["schemas"]["Memory"];
export type SavedMemory = components["schemas"]["SavedMemory"];
export type ApiError = components["schemas"]["Error"];
export type ConflictError = components["schemas"]["ConflictError"];

/** A client for one Mnemara server and one API key. Every call returns `{ data, error, response }`. */
export function createMnemara(baseUrl: string, apiKey: string, init: { fetch?: typeof fetch } = {}): Client<paths> {
  return createClient<paths>({
    baseUrl: baseUrl.replace(/\/$/, ""),
    headers: { Authorization: `Bearer ${apiKey}`, Accept: "application/json" },
    ...init,
  });
}

/** A new Idempotency-Key: send it with a create, delete, merge or erase, and again with its retries. */
export function idempotencyKey(): string {
  return crypto.randomUUID();
}
