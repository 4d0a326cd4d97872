import Link from "next/link";
import { RegisterForm } from "@/components/account/register-form";
import { devOutboxVisible } from "@/server/portal/dev-outbox";

export const metadata = { title: "Create an account" };

// GET /register - create an account; it stays inactive until the link in the activation mail is opened.
export default async function RegisterPage() {
  return (
    <div className="container container--narrow">
      <h1>Create your account</h1>
      <div className="card">
        <RegisterForm outbox={await devOutboxVisible()} />
      </div>
      <p>
        Already registered? <Link href="/login">Log in</Link>
      </p>
    </div>
  );
}
