"use client";

import { useTranslations } from "next-intl";
import { trpc } from "@/components/trpc/react";
import { ActionDialog } from "./action-dialog";

// The console's actions (issue 25), each over its admin.* procedure, each asking for what it needs.

type TargetType = "vod" | "bundle" | "liveChannel" | "castChannel" | "user";
const RULES = ["spam", "sexual", "violence", "hate", "harassment", "copyright", "privacy", "illegal", "other"];

export function TakeDownButton({
  targetType,
  targetId,
  reportId,
  rule,
}: {
  targetType: TargetType;
  targetId: string;
  reportId?: string;
  rule?: string;
}) {
  const t = useTranslations("console.actions");
  const tr = useTranslations("report.reasons");
  const m = trpc.admin.takeDown.useMutation();
  return (
    <ActionDialog
      label={t("takeDown")}
      title={t("takeDownTitle")}
      text={t("takeDownText")}
      danger
      state={m}
      testId="take-down"
      submit={t("takeDown")}
      fields={[
        { name: "reason", label: t("reasonForOwner"), kind: "textarea", required: true, hint: t("reasonHint") },
        {
          name: "rule",
          label: t("rule"),
          kind: "select",
          defaultValue: rule ?? "other",
          options: RULES.map((r) => ({ value: r, label: tr(r as "spam") })),
        },
      ]}
      run={(v) => m.mutateAsync({ targetType, targetId, reportId, reason: v.reason!, rule: v.rule })}
    />
  );
}

/** A takedown of any target by its type and id (the id the interface uses; a user page: the userCode). */
export function TakeDownAnyButton() {
  const t = useTranslations("console.actions");
  const tk = useTranslations("console.reports.kinds");
  const tr = useTranslations("report.reasons");
  const m = trpc.admin.takeDown.useMutation();
  const types: TargetType[] = ["vod", "bundle", "liveChannel", "castChannel", "user"];
  return (
    <ActionDialog
      label={t("takeDownAny")}
      title={t("takeDownTitle")}
      text={t("takeDownText")}
      danger
      state={m}
      testId="take-down-any"
      submit={t("takeDown")}
      fields={[
        { name: "targetType", label: t("targetType"), kind: "select", options: types.map((k) => ({ value: k, label: tk(k) })) },
        { name: "targetId", label: t("targetId"), kind: "text", required: true, hint: t("targetIdHint") },
        { name: "reason", label: t("reasonForOwner"), kind: "textarea", required: true, hint: t("reasonHint") },
        {
          name: "rule",
          label: t("rule"),
          kind: "select",
          defaultValue: "other",
          options: RULES.map((r) => ({ value: r, label: tr(r as "spam") })),
        },
      ]}
      run={(v) => m.mutateAsync({ targetType: v.targetType as TargetType, targetId: v.targetId!, reason: v.reason!, rule: v.rule })}
    />
  );
}

export function DismissButton({ reportId }: { reportId: string }) {
  const t = useTranslations("console.actions");
  const m = trpc.admin.dismissReport.useMutation();
  return (
    <ActionDialog
      label={t("dismiss")}
      title={t("dismissTitle")}
      text={t("dismissText")}
      state={m}
      testId="dismiss"
      submit={t("dismiss")}
      fields={[{ name: "reason", label: t("note"), kind: "textarea" }]}
      run={(v) => m.mutateAsync({ reportId, reason: v.reason || undefined })}
    />
  );
}

export function RestoreButton({ takedownId }: { takedownId: string }) {
  const t = useTranslations("console.actions");
  const m = trpc.admin.restore.useMutation();
  return (
    <ActionDialog
      label={t("restore")}
      title={t("restoreTitle")}
      state={m}
      testId="restore"
      submit={t("restore")}
      fields={[{ name: "reason", label: t("note"), kind: "textarea" }]}
      run={(v) => m.mutateAsync({ takedownId, reason: v.reason || undefined })}
    />
  );
}

export function DecideAppealButton({ takedownId }: { takedownId: string }) {
  const t = useTranslations("console.actions");
  const m = trpc.admin.decideAppeal.useMutation();
  return (
    <ActionDialog
      label={t("decide")}
      title={t("decideTitle")}
      state={m}
      testId="decide-appeal"
      submit={t("decide")}
      fields={[
        {
          name: "outcome",
          label: t("outcome"),
          kind: "select",
          defaultValue: "upheld",
          options: [
            { value: "upheld", label: t("upheld") },
            { value: "reversed", label: t("reversed") },
          ],
        },
        { name: "response", label: t("response"), kind: "textarea", required: true, hint: t("responseHint") },
      ]}
      run={(v) => m.mutateAsync({ takedownId, outcome: v.outcome as "upheld", response: v.response! })}
    />
  );
}

export function SuspendButton({ userCode }: { userCode: string }) {
  const t = useTranslations("console.actions");
  const m = trpc.admin.suspendUser.useMutation();
  return (
    <ActionDialog
      label={t("suspend")}
      title={t("suspendTitle", { userCode })}
      text={t("suspendText")}
      danger
      state={m}
      testId="suspend"
      submit={t("suspend")}
      fields={[{ name: "reason", label: t("reason"), kind: "textarea", required: true }]}
      run={(v) => m.mutateAsync({ userCode, reason: v.reason! })}
    />
  );
}

/** Deleting an account with all its data (administrators): the user code typed again confirms it. */
export function DeleteUserButton({ userCode }: { userCode: string }) {
  const t = useTranslations("console.actions");
  const m = trpc.admin.deleteUser.useMutation();
  return (
    <ActionDialog
      label={t("delete")}
      title={t("deleteTitle", { userCode })}
      text={t("deleteText")}
      danger
      state={m}
      testId="delete-user"
      submit={t("delete")}
      fields={[
        { name: "confirmUserCode", label: t("confirmUserCode", { userCode }), kind: "text", required: true },
        { name: "reason", label: t("reason"), kind: "textarea" },
      ]}
      run={(v) => m.mutateAsync({ userCode, confirmUserCode: v.confirmUserCode ?? "", reason: v.reason || undefined })}
    />
  );
}

export function UnsuspendButton({ userCode }: { userCode: string }) {
  const t = useTranslations("console.actions");
  const m = trpc.admin.unsuspendUser.useMutation();
  return (
    <ActionDialog
      label={t("unsuspend")}
      title={t("unsuspendTitle", { userCode })}
      state={m}
      testId="unsuspend"
      submit={t("unsuspend")}
      run={() => m.mutateAsync({ userCode })}
    />
  );
}

export function ApproveButton({ userCode }: { userCode: string }) {
  const t = useTranslations("console.actions");
  const m = trpc.admin.approveUser.useMutation();
  return (
    <ActionDialog
      label={t("approve")}
      title={t("approveTitle", { userCode })}
      state={m}
      testId="approve"
      submit={t("approve")}
      run={() => m.mutateAsync({ userCode })}
    />
  );
}

export function ResendActivationButton({ userCode }: { userCode: string }) {
  const t = useTranslations("console.actions");
  const m = trpc.admin.resendActivation.useMutation();
  return (
    <ActionDialog
      label={t("resend")}
      title={t("resendTitle", { userCode })}
      text={t("resendText")}
      state={m}
      testId="resend-activation"
      submit={t("resend")}
      run={() => m.mutateAsync({ userCode })}
    />
  );
}

export function RoleButton({ userCode, role }: { userCode: string; role: string }) {
  const t = useTranslations("console.actions");
  const m = trpc.admin.setRole.useMutation();
  return (
    <ActionDialog
      label={t("role")}
      title={t("roleTitle", { userCode })}
      state={m}
      testId="set-role"
      submit={t("save")}
      fields={[
        {
          name: "role",
          label: t("role"),
          kind: "select",
          defaultValue: role.toLowerCase(),
          options: ["user", "moderator", "administrator"].map((r) => ({ value: r, label: t(`roles.${r as "user"}`) })),
        },
      ]}
      run={(v) => m.mutateAsync({ userCode, role: v.role as "user" })}
    />
  );
}

export function RetryJobButton({ jobId }: { jobId: string }) {
  const t = useTranslations("console.actions");
  const m = trpc.admin.retryJob.useMutation();
  return <ActionDialog label={t("retry")} title={t("retryTitle")} state={m} submit={t("retry")} run={() => m.mutateAsync({ jobId })} />;
}

/** A plan's price, period and quotas (admin.updatePlan, administrators); each field shows its value now. */
export function EditPlanButton({
  plan,
}: {
  plan: {
    name: string;
    price: string;
    dayDuration: number;
    storageGb: number;
    bandGb: number;
    streamingAmount: number;
    maxVideoSizeMb: number;
    maxUploadNumber: number;
  };
}) {
  const t = useTranslations("console.plans");
  const m = trpc.admin.updatePlan.useMutation();
  const initial: Record<string, string> = {
    price: plan.price,
    dayDuration: String(plan.dayDuration),
    storage: String(plan.storageGb),
    band: String(plan.bandGb),
    streamingAmount: String(plan.streamingAmount),
    maxVideoSize: String(plan.maxVideoSizeMb),
    maxUploadNumber: String(plan.maxUploadNumber),
  };
  const field = (name: string) => ({ name, label: t(name as "price"), kind: "text" as const, defaultValue: initial[name], required: true });
  // only what changed is sent: the fields left alone stay as they are (the Free plan's price of 0,00 among them)
  const changed = (v: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(v)
        .filter(([k, value]) => value.trim() !== initial[k])
        .map(([k, value]) => [k, k === "price" ? Number(value.trim().replace(",", ".")) : Number(value)]),
    );
  return (
    <ActionDialog
      label={t("edit")}
      title={t("editTitle", { name: plan.name })}
      text={t("editText")}
      state={m}
      testId="edit-plan"
      submit={t("save")}
      fields={Object.keys(initial).map(field)}
      run={(v) => m.mutateAsync({ licenseName: plan.name, ...changed(v) } as never)}
    />
  );
}

export function RefundButton({ trackingId, title }: { trackingId: string; title: string }) {
  const t = useTranslations("console.payments");
  const m = trpc.admin.refund.useMutation();
  return (
    <ActionDialog
      label={t("refund")}
      title={t("refundTitle", { title })}
      text={t("refundText")}
      danger
      state={m}
      testId="refund"
      submit={t("refund")}
      fields={[{ name: "reason", label: t("reason"), kind: "textarea", required: true }]}
      run={(v) => m.mutateAsync({ trackingId, reason: v.reason! })}
    />
  );
}

/** A plan for a user without a payment (admin.setPlan, administrators): which, and until when (empty: one period). */
export function UserPlanButton({ userCode, plan, plans }: { userCode: string; plan: string; plans: string[] }) {
  const t = useTranslations("console.actions");
  const m = trpc.admin.setPlan.useMutation();
  return (
    <ActionDialog
      label={t("plan")}
      title={t("planTitle", { userCode })}
      state={m}
      testId="user-plan"
      submit={t("save")}
      fields={[
        { name: "licenseName", label: t("plan"), kind: "select", defaultValue: plan, options: plans.map((p) => ({ value: p, label: p })) },
        { name: "expiresAt", label: t("planUntil"), kind: "text", hint: t("planUntilHint") },
      ]}
      run={(v) => m.mutateAsync({ userCode, licenseName: v.licenseName!, expiresAt: (v.expiresAt || undefined) as never })}
    />
  );
}
