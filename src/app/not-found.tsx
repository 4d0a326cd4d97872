import Link from "next/link";

export const metadata = { title: "Not found" };

// Any unknown path, and pages that call notFound() (an unknown creator, the outbox when mail is sent).
export default function NotFound() {
  return (
    <div className="container container--narrow">
      <h1>Page not found</h1>
      <div className="card">
        <p>There is nothing at this address.</p>
        <Link className="button" href="/">
          Go to the home page
        </Link>
      </div>
    </div>
  );
}
