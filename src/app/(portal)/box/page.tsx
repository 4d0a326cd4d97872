import { BoxList } from "@/components/box/box-list";
import { env } from "@/server/env";
import { requirePortalCaller } from "@/server/portal/session";

export const metadata = { title: "Box" };

// GET /box - the creator's private store: upload (tus, resumable), search, processing, play, edit, publish, download, delete.
export default async function BoxPage() {
  await requirePortalCaller("/box");
  return (
    <div className="container">
      <h1>Box</h1>
      <p className="muted">Your private videos. Nobody else can see them until you publish them.</p>
      <BoxList currency={env().CURRENCY} />
    </div>
  );
}
