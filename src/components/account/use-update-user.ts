"use client";

import { useRouter } from "next/navigation";
import { errorsByInput } from "@/components/form/read-form";
import { errorMessageOf, fieldErrorsOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";

/**
 * users.update with what every account form shows: field errors (by the input of `labels` that
 * shows them), message, and fresh server data after saving.
 */
export function useUpdateUser(labels: Record<string, string>) {
  const router = useRouter();
  const utils = trpc.useUtils();
  const update = trpc.users.update.useMutation({
    onSuccess: async () => {
      await utils.users.me.invalidate();
      router.refresh();
    },
  });
  return { update, fieldErrors: errorsByInput(fieldErrorsOf(update.error), labels), error: errorMessageOf(update.error) };
}
