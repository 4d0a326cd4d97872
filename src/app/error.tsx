"use client";

// Unexpected failures of a page (the server logs the details; the digest ties the two together).
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="container container--narrow">
      <h1>Something went wrong</h1>
      <div className="card" role="alert">
        <p>The page could not be shown. Try again in a moment.</p>
        {error.digest && <p className="muted">Reference: {error.digest}</p>}
        <button className="button" type="button" onClick={reset}>
          Try again
        </button>
      </div>
    </div>
  );
}
