import Link from "next/link";
import { RenewConfirmForm } from "@/components/account/renew-confirm-form";
import { RenewRequestForm } from "@/components/account/renew-request-form";
import { devOutboxVisible } from "@/server/portal/dev-outbox";
import { getServerCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";

export const metadata = { title: "Reset your password" };

type Search = Promise<Record<string, string | string[] | undefined>>;

// GET /renew - asks for a password-renew mail; GET /renew?token=... (the mail's link) sets a new password.
export default async function RenewPage({ searchParams }: { searchParams: Search }) {
  const { token } = await searchParams;
  if (typeof token !== "string" || !token) {
    return (
      <div className="container container--narrow">
        <h1>Reset your password</h1>
        <div className="card">
          <RenewRequestForm outbox={await devOutboxVisible()} />
        </div>
        <p>
          Remembered it? <Link href="/login">Log in</Link>
        </p>
      </div>
    );
  }
  const caller = await getServerCaller();
  const read = await tryCall(() => caller.users.readRenew({ token }));
  return (
    <div className="container container--narrow">
      <h1>Choose a new password</h1>
      <div className="card">
        {read.ok ? (
          <RenewConfirmForm token={token} userCode={read.data.userCode} />
        ) : (
          <div role="alert">
            <p className="notice notice--error">{read.message}</p>
            <p>
              <Link href="/renew">Ask for a new link</Link>
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
