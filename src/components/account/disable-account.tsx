"use client";

import { useState } from "react";
import { signOut } from "next-auth/react";
import { FormStatus } from "@/components/form/form-status";
import { useHydrated } from "@/components/form/submit-button";
import { errorMessageOf } from "@/lib/trpc/errors";
import { trpc } from "@/lib/trpc/react";

/** users.disable behind an explicit confirmation; the session ends with it. */
export function DisableAccount() {
  const [confirmed, setConfirmed] = useState(false);
  const hydrated = useHydrated();
  const disable = trpc.users.disable.useMutation({
    onSuccess: async () => {
      await signOut({ redirect: false });
      window.location.assign("/");
    },
  });
  return (
    <section className="card" aria-labelledby="disable-title">
      <h2 id="disable-title">Close the account</h2>
      <p>Closing the account logs you out everywhere and it cannot be used again. Your public page disappears.</p>
      <FormStatus error={errorMessageOf(disable.error)} />
      <div className="field field--checkbox">
        <input
          id="confirm-disable"
          type="checkbox"
          disabled={!hydrated}
          checked={confirmed}
          onChange={(e) => setConfirmed(e.target.checked)}
        />
        <label htmlFor="confirm-disable">I understand that this cannot be undone</label>
      </div>
      <div className="actions">
        <button className="button button--danger" type="button" disabled={!confirmed || disable.isPending} onClick={() => disable.mutate()}>
          Close my account
        </button>
      </div>
    </section>
  );
}
