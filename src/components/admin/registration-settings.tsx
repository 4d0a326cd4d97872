"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { RadioGroupField } from "@/components/form/field";
import { FormStatus } from "@/components/form/form-status";
import { SubmitButton } from "@/components/form/submit-button";
import { CopyField } from "@/components/share/copy-field";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";

type Mode = "open" | "approval" | "closed" | "invite";
const MODES: Mode[] = ["open", "approval", "closed", "invite"];

/** Who may register (admin.setRegistration), and invitation codes while by invitation (admin.createInvitation). */
export function RegistrationSettings({ mode, canChange }: { mode: Mode; canChange: boolean }) {
  const t = useTranslations("console.settings");
  const router = useRouter();
  const [chosen, setChosen] = useState<Mode>(mode);
  const save = trpc.admin.setRegistration.useMutation({ onSuccess: () => router.refresh() });
  const invite = trpc.admin.createInvitation.useMutation();

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    save.mutate({ mode: chosen });
  }
  return (
    <>
      <form onSubmit={submit} noValidate aria-labelledby="registration-title">
        <FormStatus error={errorMessageOf(save.error)} success={save.isSuccess ? t("saved", { mode: t(`modes.${chosen}`) }) : undefined} />
        <RadioGroupField
          name="mode"
          label={t("mode")}
          value={chosen}
          onChange={(v) => setChosen(v as Mode)}
          options={MODES.map((m) => ({ value: m, label: t(`modes.${m}`), hint: t(`hints.${m}`) }))}
        />
        {canChange && <SubmitButton pending={save.isPending}>{t("save")}</SubmitButton>}
      </form>
      {canChange && mode === "invite" && (
        <div className="admin-invite">
          <button
            type="button"
            className="button button--secondary"
            disabled={invite.isPending}
            onClick={() => invite.mutate()}
            data-testid="invite"
          >
            {t("newInvitation")}
          </button>
          <FormStatus error={errorMessageOf(invite.error)} />
          {invite.data && <CopyField label={t("invitationCode")} value={invite.data.invitationCode} testId="invitation-code" />}
        </div>
      )}
    </>
  );
}
