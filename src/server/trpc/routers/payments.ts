import { publicProcedure, router } from "@/server/trpc/init";
import { inputParser } from "@/server/domain/shared/validation";
import { getCheckout, getCheckoutInput } from "@/server/domain/payments/get-checkout";
import { settleCheckout, settleCheckoutInput } from "@/server/domain/payments/settle-checkout";

export const paymentsRouter = router({
  checkout: publicProcedure.input(inputParser(getCheckoutInput)).query(({ ctx, input }) => getCheckout(ctx, input)),
  settleCheckout: publicProcedure.input(inputParser(settleCheckoutInput)).mutation(({ ctx, input }) => settleCheckout(ctx, input)),
});
