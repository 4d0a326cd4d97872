import Link from "next/link";
import { getServerContext } from "@/server/portal/session";

// What exists today; the rest of the platform is announced as coming, never as available.
const features = [
  {
    title: "Your box",
    text: "Upload videos into a private store, resumable from the browser; they are processed to HLS and playable within seconds.",
  },
  { title: "Your account and page", text: "Register, activate by mail, keep your profile and a public creator page." },
  { title: "A REST interface", text: "OAuth2 tokens and a documented REST API, so your own clients and sites can reach your box." },
];
const COMING = "Publishing on demand (free, pay-per-view, Creative Commons), bundles, a marketplace, live events and scheduled channels.";

// GET / - the landing page.
export default async function Home() {
  const { actor } = await getServerContext();
  return (
    <div className="container">
      <section className="hero">
        <h1>Video, on your terms.</h1>
        <p>
          Kinora is an open-source video platform for creators: store, process and play your videos today; publish, sell and broadcast them
          soon.
        </p>
        <div className="actions">
          {actor.kind === "user" ? (
            <Link className="button" href="/dashboard">
              Go to your dashboard
            </Link>
          ) : (
            <>
              <Link className="button" href="/register">
                Create an account
              </Link>
              <Link className="button button--secondary" href="/login">
                Log in
              </Link>
            </>
          )}
        </div>
      </section>
      <ul className="grid features">
        {features.map((f) => (
          <li key={f.title} className="card">
            <h2>{f.title}</h2>
            <p>{f.text}</p>
          </li>
        ))}
      </ul>
      <p className="muted">Coming: {COMING}</p>
    </div>
  );
}
