import { route, untrusted } from "@/server/rest/route";
import { renderUser } from "@/server/rest/render/user";
import { dateIn } from "@/server/rest/wire";
import { registerUserInput } from "@/server/domain/users/register-user";

export const userRoutes = [
  // POST /api/public/user/register - create an account
  route({
    method: "POST",
    path: "/api/public/user/register",
    auth: "public",
    status: 201,
    summary: "Register a user",
    requestSchema: registerUserInput,
    handle: async ({ caller, body }) => renderUser(await caller.users.register(untrusted({ ...body, birthDate: dateIn(body.birthDate) }))),
  }),
  // GET /api/user/me - the logged user
  route({
    method: "GET",
    path: "/api/user/me",
    auth: "private",
    status: 200,
    summary: "Read the logged user",
    handle: async ({ caller }) => renderUser(await caller.users.me()),
  }),
];
