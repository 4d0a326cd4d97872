import { route, untrusted } from "@/server/rest/route";
import { createApiKeyInput } from "@/server/domain/users/api-keys";
import { apiKeySchema, renderApiKey } from "@/server/rest/render/api-key";

// API keys (issue 27 item 2): a user's keys, made and revoked with the user's own login (a key
// cannot: these routes belong to no scope). These paths are fixed: clients rely on them.
export const apiKeyRoutes = [
  // POST /api/user/me/api-keys {name, scopes, origins} -> 201 {keyId, key, ...}: the key is shown once
  route({
    method: "POST",
    path: "/api/user/me/api-keys",
    auth: "private",
    status: 201,
    summary: "Make an API key limited to scopes (and browser origins); the answer holds the key, shown once",
    requestSchema: createApiKeyInput,
    responseSchema: apiKeySchema,
    errors: [409],
    handle: async ({ caller, body }) => renderApiKey(await caller.apiKeys.create(untrusted(body))),
  }),
  // GET /api/user/me/api-keys - the caller's live keys, newest first, without the keys
  route({
    method: "GET",
    path: "/api/user/me/api-keys",
    auth: "private",
    status: 200,
    summary: "Your API keys (without the keys themselves)",
    responseSchema: { type: "array", items: apiKeySchema },
    handle: async ({ caller }) => (await caller.apiKeys.list()).map(renderApiKey),
  }),
  // DELETE /api/user/me/api-keys/{keyId} -> 204: refused from the next request on
  route({
    method: "DELETE",
    path: "/api/user/me/api-keys/{keyId}",
    auth: "private",
    status: 204,
    summary: "Revoke an API key at once",
    errors: [404],
    handle: async ({ caller, params }) => {
      await caller.apiKeys.revoke(untrusted({ keyId: params.keyId }));
    },
  }),
];
