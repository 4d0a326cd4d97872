import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { AdminNav } from "@/components/admin/admin-nav";
import { getServerCaller, getServerContext } from "@/server/portal/session";
import "@/components/admin/admin.css";

// The administration console (/admin, issue 25): moderators and administrators only; anyone else
// finds nothing here (404), as for a page that does not exist. A signed-out visitor is sent to the
// login by the page itself (requirePortalCaller).
export default async function AdminLayout({ children }: { children: ReactNode }) {
  if ((await getServerContext()).actor.kind !== "user") return children;
  const role = await (await getServerCaller()).admin.role();
  if (!role) notFound();
  return (
    <div className="container">
      <AdminNav />
      {children}
    </div>
  );
}
