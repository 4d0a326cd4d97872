import type { Db } from "@/server/db/client";
import { env } from "@/server/env";
import { queueMail } from "@/server/mail/queue-mail";
import { processingMail } from "./processing-mails";

export interface ProcessedTransition {
  boxItemId: string;
  status: "READY" | "FAILED";
}

/**
 * Mails the owner that an upload became READY or FAILED (with the reason), in the owner's language,
 * when the owner asked for it (features.transcoderNotifyEnabled, read now, when sending) and can still
 * sign in. An item deleted meanwhile is told to nobody. Called once per transition by the box.notify job.
 */
export async function notifyProcessed(db: Db, transition: ProcessedTransition): Promise<void> {
  const item = await db.boxItem.findUnique({
    where: { id: transition.boxItemId },
    select: {
      title: true,
      failureReason: true,
      owner: { select: { email: true, language: true, status: true, transcoderNotifyEnabled: true } },
    },
  });
  if (!item || !item.owner.transcoderNotifyEnabled || item.owner.status !== "ACTIVE") return;
  const { email, language } = item.owner;
  const processed = { title: item.title, status: transition.status, reason: item.failureReason };
  await queueMail(db, processingMail(email, language, processed, `${env().publicUrl}/box`));
}
