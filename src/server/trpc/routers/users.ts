import { publicProcedure, router, userProcedure } from "@/server/trpc/init";
import { inputParser } from "@/server/domain/shared/validation";
import { registerUser, registerUserInput } from "@/server/domain/users/register-user";
import { getMe } from "@/server/domain/users/get-me";

export const usersRouter = router({
  register: publicProcedure.input(inputParser(registerUserInput)).mutation(({ ctx, input }) => registerUser(ctx, input)),
  me: userProcedure.query(({ ctx }) => getMe(ctx)),
});
