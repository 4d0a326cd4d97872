import { publicProcedure, router, userProcedure } from "@/server/trpc/init";
import { inputParser } from "@/server/domain/shared/validation";
import { getCheckout, getCheckoutInput } from "@/server/domain/payments/get-checkout";
import { settleCheckout, settleCheckoutInput } from "@/server/domain/payments/settle-checkout";
import { listSales, listSalesInput } from "@/server/domain/payments/list-sales";
import { salesSummary } from "@/server/domain/payments/sales-summary";
import { listPurchases, listPurchasesInput } from "@/server/domain/payments/list-purchases";
import { getLibrary } from "@/server/domain/payments/get-library";
import { getPaymentState, getPaymentStateInput } from "@/server/domain/payments/get-payment-state";
import { restorePurchase, restorePurchaseInput } from "@/server/domain/payments/restore-link";

export const paymentsRouter = router({
  checkout: publicProcedure.input(inputParser(getCheckoutInput)).query(({ ctx, input }) => getCheckout(ctx, input)),
  settleCheckout: publicProcedure.input(inputParser(settleCheckoutInput)).mutation(({ ctx, input }) => settleCheckout(ctx, input)),
  sales: userProcedure.input(inputParser(listSalesInput)).query(({ ctx, input }) => listSales(ctx, input)),
  salesSummary: userProcedure.query(({ ctx }) => salesSummary(ctx)),
  purchases: userProcedure.input(inputParser(listPurchasesInput)).query(({ ctx, input }) => listPurchases(ctx, input)),
  library: userProcedure.query(({ ctx }) => getLibrary(ctx)),
  state: publicProcedure.input(inputParser(getPaymentStateInput)).query(({ ctx, input }) => getPaymentState(ctx, input)),
  restore: publicProcedure.input(inputParser(restorePurchaseInput)).mutation(({ ctx, input }) => restorePurchase(ctx, input)),
});
