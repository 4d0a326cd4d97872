import Link from "next/link";
import { getServerContext } from "@/server/portal/session";

const features = [
  { title: "Your box", text: "Upload videos into a private store; they are playable within seconds." },
  { title: "Publish on demand", text: "Free, pay-per-view, Creative Commons or in bundles." },
  { title: "Live and channels", text: "Broadcast live events and run scheduled linear channels." },
];

// GET / - the landing page.
export default async function Home() {
  const { actor } = await getServerContext();
  return (
    <div className="container">
      <section className="hero">
        <h1>Video, on your terms.</h1>
        <p>Kinora is an open-source video platform for creators: store, publish, sell and broadcast your videos.</p>
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
    </div>
  );
}
