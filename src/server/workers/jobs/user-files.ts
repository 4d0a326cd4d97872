import { removeDeletedUserFiles } from "@/server/domain/admin/delete-user";
import type { JobHandlerOf } from "@/server/jobs/registry";

/** users.files: a deleted account's files, queued in the transaction that deleted it (domain/admin/delete-user). */
export const userFilesJob: JobHandlerOf<"users.files"> = {
  run: ({ db, payload }) => removeDeletedUserFiles(db, payload),
};
