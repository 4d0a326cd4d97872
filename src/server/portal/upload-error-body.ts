import type { DomainError } from "@/server/core/errors";
import { translate, type Lang } from "@/server/i18n/messages";
import { httpStatus } from "@/server/rest/error-body";

export interface UploadErrorBody {
  status: number;
  message: string;
  errors?: { field: string; message: string }[];
}

/** The JSON body of a refused portal upload (tus, thumbnail): the status, a message to show, the field errors. */
export function uploadErrorBody(err: DomainError, lang: Lang): UploadErrorBody {
  const errors = err.fieldErrors.map((f) => ({ field: f.field, message: translate(lang, f.message, f.params) }));
  return {
    status: httpStatus[err.code],
    message: errors.length > 0 ? errors.map((e) => e.message).join("; ") : translate(lang, err.messageId, err.params),
    ...(errors.length > 0 ? { errors } : {}),
  };
}
