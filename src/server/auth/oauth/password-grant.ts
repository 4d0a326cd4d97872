import { randomUUID } from "node:crypto";
import { DomainError } from "@/server/core/errors";
import { verifyUserCredentials } from "@/server/auth/verify-user-credentials";
import { requiredParam, tokenBody, type Grant } from "./grants";
import { invalidGrant } from "./oauth-error";
import { issueRefreshToken } from "./refresh-tokens";

// grant_type=password - a private token and a new refresh-token family, for username (userCode or email) and password.
export const passwordGrant: Grant = async ({ db, client, form, address }) => {
  const username = requiredParam(form, "username");
  const password = requiredParam(form, "password");
  const check = await verifyUserCredentials(db, username, password, { address });
  if (!check.ok) {
    switch (check.reason) {
      case "rate_limited":
        throw new DomainError("RATE_LIMITED", "error.rateLimited", { seconds: check.retryAfterSeconds }, [], check.retryAfterSeconds);
      case "pending":
        throw invalidGrant("User account is not activated: follow the link in the activation mail");
      case "awaiting_approval":
        throw invalidGrant("User account is waiting for a moderator's approval");
      case "disabled":
        throw invalidGrant("User is disabled");
      case "bad_credentials":
        throw invalidGrant("Bad credentials");
    }
  }
  const familyId = randomUUID();
  const refreshToken = await issueRefreshToken(db, check.userId, client.id, familyId);
  return tokenBody(client, { userId: check.userId, refreshToken, familyId, sessionVersion: check.sessionVersion });
};
