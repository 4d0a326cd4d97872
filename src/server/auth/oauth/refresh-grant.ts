import { requiredParam, tokenBody, type Grant } from "./grants";
import { invalidRefreshToken } from "./oauth-error";
import { rotateRefreshToken } from "./refresh-tokens";

// grant_type=refresh_token - a new private token and the next refresh token of the family.
export const refreshGrant: Grant = async ({ db, client, form }) => {
  const token = requiredParam(form, "refresh_token");
  const rotation = await rotateRefreshToken(db, token, client.id);
  if (!rotation.ok) throw invalidRefreshToken(token);
  return tokenBody(client, { ...rotation.user, refreshToken: rotation.token });
};
