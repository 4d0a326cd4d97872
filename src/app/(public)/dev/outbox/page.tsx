import { Fragment } from "react";
import { notFound } from "next/navigation";
import { listOutbox } from "@/server/mail/send-mail";
import { devOutboxVisible } from "@/server/portal/dev-outbox";

export const metadata = { title: "Development outbox" };
export const dynamic = "force-dynamic";

/** Mail text with its links made clickable. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

// GET /dev/outbox - mails this instance would have sent (no SMTP_URL), newest first; local requests only.
export default async function OutboxPage() {
  if (!(await devOutboxVisible())) notFound();
  const mails = await listOutbox(50);
  return (
    <div className="container">
      <h1>Development outbox</h1>
      <p className="notice notice--info">
        No SMTP server is configured (SMTP_URL), so mail is kept here instead of being sent. This page is shown only to requests from this
        machine.
      </p>
      <div className="card">
        {mails.length === 0 && <p className="muted">No mail yet.</p>}
        {mails.map((m) => (
          <article key={m.id} className="mail" aria-label={m.subject}>
            <h2>{m.subject}</h2>
            <p className="muted mail__meta">
              To <strong>{m.to}</strong> · <time dateTime={m.date}>{new Date(m.date).toUTCString()}</time>
            </p>
            <pre>
              <Linkified text={m.text} />
            </pre>
          </article>
        ))}
      </div>
    </div>
  );
}
