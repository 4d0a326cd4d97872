import { router, userProcedure } from "@/server/trpc/init";
import { inputParser } from "@/server/domain/shared/validation";
import {
  createWebhook,
  createWebhookInput,
  deleteWebhook,
  listWebhooks,
  ownWebhook,
  webhookIdInput,
} from "@/server/domain/webhooks/endpoints";
import { listDeliveries, listDeliveriesInput, retryDelivery, retryDeliveryInput } from "@/server/domain/webhooks/deliveries";

// A user's webhook endpoints and their delivery logs (issue 27): the caller's own only.
export const webhooksRouter = router({
  list: userProcedure.query(({ ctx }) => listWebhooks(ctx)),
  get: userProcedure.input(inputParser(webhookIdInput)).query(({ ctx, input }) => ownWebhook(ctx, input.webhookId)),
  create: userProcedure.input(inputParser(createWebhookInput)).mutation(({ ctx, input }) => createWebhook(ctx, input)),
  remove: userProcedure.input(inputParser(webhookIdInput)).mutation(({ ctx, input }) => deleteWebhook(ctx, input)),
  deliveries: userProcedure.input(inputParser(listDeliveriesInput)).query(({ ctx, input }) => listDeliveries(ctx, input)),
  retry: userProcedure.input(inputParser(retryDeliveryInput)).mutation(({ ctx, input }) => retryDelivery(ctx, input)),
});
