"use client";

import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";

/** Sends an anonymous visitor of a portal page to the login, to come back here afterwards. */
export function RedirectToLogin() {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const href = `/login?${new URLSearchParams({ callbackUrl: search ? `${pathname}?${search}` : pathname })}`;
  useEffect(() => router.replace(href), [router, href]);
  return (
    <div className="container container--narrow">
      <p>
        <Link href={href}>Log in</Link> to see this page.
      </p>
    </div>
  );
}
