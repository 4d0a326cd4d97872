import { publicProcedure, router, userProcedure } from "@/server/trpc/init";
import { inputParser } from "@/server/domain/shared/validation";
import { listPlans } from "@/server/domain/licenses/list-licenses";
import { subscribeLicense, subscribeLicenseInput } from "@/server/domain/licenses/subscribe-license";
import { activateLicense, activateLicenseInput } from "@/server/domain/licenses/activate-license";
import { downgradeLicense } from "@/server/domain/licenses/downgrade-license";

export const licensesRouter = router({
  list: publicProcedure.query(({ ctx }) => listPlans(ctx)),
  subscribe: userProcedure.input(inputParser(subscribeLicenseInput)).mutation(({ ctx, input }) => subscribeLicense(ctx, input)),
  activate: userProcedure.input(inputParser(activateLicenseInput)).mutation(({ ctx, input }) => activateLicense(ctx, input)),
  downgrade: userProcedure.mutation(({ ctx }) => downgradeLicense(ctx)),
});
