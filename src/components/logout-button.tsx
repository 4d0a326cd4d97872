"use client";

import { signOut } from "next-auth/react";
import { useState } from "react";
import { useHydrated } from "@/components/form/submit-button";

export function LogoutButton({ label }: { label: string }) {
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className="link-button"
      disabled={busy || !hydrated}
      onClick={async () => {
        setBusy(true);
        // no next-auth redirect: it would go to PUBLIC_URL's host, which may not be the one in the address bar
        await signOut({ redirect: false });
        window.location.assign("/");
      }}
    >
      {label}
    </button>
  );
}
