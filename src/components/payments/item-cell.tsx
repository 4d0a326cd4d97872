import type { ReactNode } from "react";
import type { PaymentKind } from "@/generated/prisma/enums";
import { KIND_LABEL } from "./kind-label";

/** The main cell of a sale or a purchase: what was bought, its kind, and any further badge. */
export function ItemCell({ title, kind, children }: { title: string; kind: PaymentKind; children?: ReactNode }) {
  return (
    <td className="table__main">
      <span className="table__title">{title}</span> <span className="badge">{KIND_LABEL[kind]}</span>
      {children && <> {children}</>}
    </td>
  );
}
