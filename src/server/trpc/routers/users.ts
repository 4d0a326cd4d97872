import { publicProcedure, router, userProcedure } from "@/server/trpc/init";
import { inputParser } from "@/server/domain/shared/validation";
import { registerUser, registerUserInput } from "@/server/domain/users/register-user";
import { activateUser, activateUserInput } from "@/server/domain/users/activate-user";
import { getMe } from "@/server/domain/users/get-me";
import { updateUser, updateUserInput } from "@/server/domain/users/update-user";
import { disableUser } from "@/server/domain/users/disable-user";
import { updatePassword, updatePasswordInput } from "@/server/domain/users/update-password";
import { requestPasswordRenew, requestPasswordRenewInput } from "@/server/domain/users/request-password-renew";
import { readPasswordRenew, readPasswordRenewInput } from "@/server/domain/users/read-password-renew";
import { confirmPasswordRenew, confirmPasswordRenewInput } from "@/server/domain/users/confirm-password-renew";
import { getUserOverview } from "@/server/domain/users/get-user-overview";
import { getPublicUser, getPublicUserInput } from "@/server/domain/users/get-public-user";
import { searchUsers, searchUsersInput } from "@/server/domain/users/search-users";

export const usersRouter = router({
  register: publicProcedure.input(inputParser(registerUserInput)).mutation(({ ctx, input }) => registerUser(ctx, input)),
  activate: publicProcedure.input(inputParser(activateUserInput)).mutation(({ ctx, input }) => activateUser(ctx, input)),
  me: userProcedure.query(({ ctx }) => getMe(ctx)),
  update: userProcedure.input(inputParser(updateUserInput)).mutation(({ ctx, input }) => updateUser(ctx, input)),
  disable: userProcedure.mutation(({ ctx }) => disableUser(ctx)),
  updatePassword: userProcedure.input(inputParser(updatePasswordInput)).mutation(({ ctx, input }) => updatePassword(ctx, input)),
  requestRenew: publicProcedure
    .input(inputParser(requestPasswordRenewInput))
    .mutation(({ ctx, input }) => requestPasswordRenew(ctx, input)),
  readRenew: publicProcedure.input(inputParser(readPasswordRenewInput)).query(({ ctx, input }) => readPasswordRenew(ctx, input)),
  confirmRenew: publicProcedure
    .input(inputParser(confirmPasswordRenewInput))
    .mutation(({ ctx, input }) => confirmPasswordRenew(ctx, input)),
  overview: userProcedure.query(({ ctx }) => getUserOverview(ctx)),
  publicOverview: publicProcedure.input(inputParser(getPublicUserInput)).query(({ ctx, input }) => getPublicUser(ctx, input)),
  search: publicProcedure.input(inputParser(searchUsersInput)).query(({ ctx, input }) => searchUsers(ctx, input)),
});
