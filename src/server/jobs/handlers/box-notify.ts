import { processingMail } from "@/server/domain/box/processing-mails";
import { env } from "@/server/env";
import { sendMail } from "@/server/mail/send-mail";
import { defineJob } from "../registry";

export type BoxNotifyPayload = { boxItemId: string; status: "READY" | "FAILED" };

/**
 * box.notify: mails the owner that an upload became READY or FAILED, when the owner asked for it
 * (features.transcoderNotifyEnabled, read when sending). Queued once per transition, in the
 * transaction that makes it (domain/box/ingest-state), so a retried ingest never queues it twice; a
 * failed send is retried here (SMTP down) without touching the item.
 */
export const boxNotifyJob = defineJob<BoxNotifyPayload>({
  type: "box.notify",
  maxAttempts: 5,
  backoffSeconds: (attempt) => 30 * attempt * attempt,
  async run({ db, payload }) {
    const item = await db.boxItem.findUnique({
      where: { id: payload.boxItemId },
      select: {
        title: true,
        failureReason: true,
        owner: { select: { email: true, language: true, status: true, transcoderNotifyEnabled: true } },
      },
    });
    // deleted meanwhile, or an owner who does not want it (or can no longer sign in)
    if (!item || !item.owner.transcoderNotifyEnabled || item.owner.status !== "ACTIVE") return;
    const { email, language } = item.owner;
    await sendMail(
      processingMail(email, language, { title: item.title, status: payload.status, reason: item.failureReason }, `${env().publicUrl}/box`),
    );
  },
});
