"use client";

import { useRouter } from "next/navigation";
import { errorMessageOf, fieldErrorsOf } from "@/lib/trpc/errors";
import { trpc } from "@/lib/trpc/react";

/** users.update with what every account form shows: field errors, message, and fresh server data after saving. */
export function useUpdateUser() {
  const router = useRouter();
  const utils = trpc.useUtils();
  const update = trpc.users.update.useMutation({
    onSuccess: async () => {
      await utils.users.me.invalidate();
      router.refresh();
    },
  });
  return { update, fieldErrors: fieldErrorsOf(update.error), error: errorMessageOf(update.error) };
}
