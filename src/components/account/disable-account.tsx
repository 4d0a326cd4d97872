"use client";

import { signOut } from "next-auth/react";
import { useTranslations } from "next-intl";
import { ConfirmButton } from "@/components/confirm-button";
import { FormStatus } from "@/components/form/form-status";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";

/** users.disable behind a confirming dialog; the session ends with it. */
export function DisableAccount() {
  const t = useTranslations("account.disable");
  const disable = trpc.users.disable.useMutation({
    onSuccess: async () => {
      await signOut({ redirect: false });
      window.location.assign("/");
    },
  });
  return (
    <section className="card" aria-labelledby="disable-title">
      <h2 id="disable-title">{t("title")}</h2>
      <p>{t("text")}</p>
      <FormStatus error={errorMessageOf(disable.error)} />
      <div className="actions">
        <ConfirmButton label={t("button")} title={t("question")} pending={disable.isPending} onConfirm={() => disable.mutate()}>
          <p>{t("text")}</p>
        </ConfirmButton>
      </div>
    </section>
  );
}
