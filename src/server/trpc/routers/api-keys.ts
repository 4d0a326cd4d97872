import { router, userProcedure } from "@/server/trpc/init";
import { inputParser } from "@/server/domain/shared/validation";
import { apiKeyIdInput, createApiKey, createApiKeyInput, listApiKeys, revokeApiKey } from "@/server/domain/users/api-keys";

// A user's API keys (issue 27): the caller's own only.
export const apiKeysRouter = router({
  list: userProcedure.query(({ ctx }) => listApiKeys(ctx)),
  create: userProcedure.input(inputParser(createApiKeyInput)).mutation(({ ctx, input }) => createApiKey(ctx, input)),
  revoke: userProcedure.input(inputParser(apiKeyIdInput)).mutation(({ ctx, input }) => revokeApiKey(ctx, input)),
});
