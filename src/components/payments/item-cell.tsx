import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { PaymentKind } from "@/generated/prisma/enums";

/** The main cell of a sale or a purchase: what was bought, its kind in one word (payments.kind.*), and any further badge. */
export function ItemCell({ title, kind, children }: { title: string; kind: PaymentKind; children?: ReactNode }) {
  const t = useTranslations("payments.kind");
  return (
    <td className="table__main">
      <span className="table__title">{title}</span> <span className="badge">{t(kind)}</span>
      {children && <> {children}</>}
    </td>
  );
}
