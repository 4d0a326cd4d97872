import { redirect } from "next/navigation";
import { requirePortalCaller } from "@/server/portal/session";

type Search = Promise<Record<string, string | string[] | undefined>>;

// GET /purchases - the Library's former address (links and bookmarks keep working): signed in, to
// /library (its ?page= kept); signed out, to the login, coming back here.
export default async function PurchasesPage({ searchParams }: { searchParams: Search }) {
  await requirePortalCaller("/purchases");
  const page = (await searchParams).page;
  redirect(typeof page === "string" ? `/library?${new URLSearchParams({ page })}` : "/library");
}
