import Link from "next/link";
import { getServerCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";

export const metadata = { title: "Activate your account" };

type Search = Promise<Record<string, string | string[] | undefined>>;

// GET /activate?token=... - the link of the activation mail: activates the account (users.activate).
export default async function ActivatePage({ searchParams }: { searchParams: Search }) {
  const { token } = await searchParams;
  const caller = await getServerCaller();
  const result = typeof token === "string" && token ? await tryCall(() => caller.users.activate({ token })) : undefined;
  return (
    <div className="container container--narrow">
      <h1>Account activation</h1>
      <div className="card">
        {result?.ok ? (
          <div role="status">
            <p className="notice notice--success">
              The account <strong>{result.data.userCode}</strong> is active.
            </p>
            <Link className="button" href={`/login?${new URLSearchParams({ activated: "1", username: result.data.userCode })}`}>
              Log in
            </Link>
          </div>
        ) : (
          <div role="alert">
            <p className="notice notice--error">
              {result ? result.message : "The activation link is incomplete: open the whole link from the mail."}
            </p>
            <p>
              If the link has already been used, just <Link href="/login">log in</Link>.
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
