import { route, untrusted } from "@/server/rest/route";
import { renderRenewRequestedUser, renderUser, renewRequestedUserSchema, userSchema } from "@/server/rest/render/user";
import { renderUserOverview, userOverviewSchema } from "@/server/rest/render/user-overview";
import { publicUserSchema, renderPublicUser, userSearchItemSchema } from "@/server/rest/render/public-user";
import { searchPageSchema } from "@/server/rest/render/box-item";
import { dateIn, omitEmpty } from "@/lib/wire";
import { registerUserInput } from "@/server/domain/users/register-user";
import { activateUserInput } from "@/server/domain/users/activate-user";
import { readPasswordRenewInput } from "@/server/domain/users/read-password-renew";
import { updateUserInput } from "@/server/domain/users/update-user";
import { updatePasswordInput } from "@/server/domain/users/update-password";
import { requestPasswordRenewInput } from "@/server/domain/users/request-password-renew";
import { confirmPasswordRenewInput } from "@/server/domain/users/confirm-password-renew";
import { searchUsersInput } from "@/server/domain/users/search-users";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** profile.birthDate arrives as dd/MM/yyyy; everything else goes to the procedure as sent. */
function updateBody(body: Record<string, unknown>): unknown {
  const profile = body.profile;
  return { ...body, profile: isObject(profile) ? { ...profile, birthDate: dateIn(profile.birthDate) } : profile };
}

export const userRoutes = [
  // POST /api/public/user/register - create an account
  route({
    method: "POST",
    path: "/api/public/user/register",
    auth: "public",
    status: 201,
    summary: "Register a user",
    requestSchema: registerUserInput,
    // 403 while registration is closed (domain/admin/registration.ts)
    errors: [403, 429],
    responseSchema: userSchema,
    handle: async ({ caller, body }) => renderUser(await caller.users.register(untrusted({ ...body, birthDate: dateIn(body.birthDate) }))),
  }),
  // GET /api/public/user/activate?token= - activate an account from the link of the activation mail
  route({
    method: "GET",
    path: "/api/public/user/activate",
    auth: "public",
    status: 200,
    summary: "Activate a registered user",
    requestSchema: activateUserInput,
    errors: [404],
    responseSchema: userSchema,
    handle: async ({ caller, query }) => renderUser(await caller.users.activate(untrusted({ token: query.get("token") ?? undefined }))),
  }),
  // GET /api/user/me - the logged user
  route({
    method: "GET",
    path: "/api/user/me",
    auth: "private",
    status: 200,
    summary: "Read the logged user",
    responseSchema: userSchema,
    handle: async ({ caller }) => renderUser(await caller.users.me()),
  }),
  // POST /api/user/me - update the logged user (profile; finance and features when sent)
  route({
    method: "POST",
    path: "/api/user/me",
    auth: "private",
    status: 200,
    summary: "Update the logged user",
    requestSchema: updateUserInput,
    responseSchema: userSchema,
    handle: async ({ caller, body }) => renderUser(await caller.users.update(untrusted(updateBody(body)))),
  }),
  // POST /api/user/me/disable - disable the logged user's account
  route({
    method: "POST",
    path: "/api/user/me/disable",
    auth: "private",
    status: 204,
    summary: "Disable the logged user",
    handle: async ({ caller }) => caller.users.disable(),
  }),
  // POST /api/user/me/password/update - change the logged user's password
  route({
    method: "POST",
    path: "/api/user/me/password/update",
    auth: "private",
    status: 204,
    summary: "Change the password",
    requestSchema: updatePasswordInput,
    errors: [429],
    handle: async ({ caller, body }) => caller.users.updatePassword(untrusted(body)),
  }),
  // POST /api/public/user/password/renew - mail a link to choose a new password
  route({
    method: "POST",
    path: "/api/public/user/password/renew",
    auth: "public",
    status: 200,
    summary: "Request a password renewal",
    requestSchema: requestPasswordRenewInput,
    errors: [404, 429],
    responseSchema: renewRequestedUserSchema,
    handle: async ({ caller, body }) => renderRenewRequestedUser(await caller.users.requestRenew(untrusted(body))),
  }),
  // GET /api/public/user/password/renew?token= - check a renew link, read whose it is
  route({
    method: "GET",
    path: "/api/public/user/password/renew",
    auth: "public",
    status: 200,
    summary: "Read a password renewal",
    requestSchema: readPasswordRenewInput,
    errors: [404],
    responseSchema: userSchema,
    handle: async ({ caller, query }) => renderUser(await caller.users.readRenew(untrusted({ token: query.get("token") ?? undefined }))),
  }),
  // POST /api/public/user/password/renew/confirm - set the new password from a renew link (supplement §2)
  route({
    method: "POST",
    path: "/api/public/user/password/renew/confirm",
    auth: "public",
    status: 204,
    summary: "Confirm a password renewal",
    requestSchema: confirmPasswordRenewInput,
    errors: [404],
    handle: async ({ caller, body }) => caller.users.confirmRenew(untrusted(body)),
  }),
  // GET /api/user/me/overview - license, usage and billing summary of the logged user
  route({
    method: "GET",
    path: "/api/user/me/overview",
    auth: "private",
    status: 200,
    summary: "Read the logged user's overview",
    responseSchema: userOverviewSchema,
    handle: async ({ caller }) => renderUserOverview(await caller.users.overview()),
  }),
  // GET /api/public/user/{userCode}/overview - a user's public profile
  route({
    method: "GET",
    path: "/api/public/user/{userCode}/overview",
    auth: "public",
    status: 200,
    summary: "Read a public user",
    errors: [451], // taken down (domain/admin)
    responseSchema: publicUserSchema,
    handle: async ({ caller, params }) => renderPublicUser(await caller.users.publicOverview(untrusted({ userCode: params.userCode }))),
  }),
  // POST /api/public/search/users - search active users (sort: relevance | lastActivity | userCode)
  route({
    method: "POST",
    path: "/api/public/search/users",
    auth: "public",
    status: 200,
    summary: "Search users",
    requestSchema: searchUsersInput,
    responseSchema: searchPageSchema(userSearchItemSchema),
    handle: async ({ caller, body }) => {
      const page = await caller.users.search(untrusted(body));
      return { ...page, items: page.items.map((item) => omitEmpty(item)) };
    },
  }),
];
