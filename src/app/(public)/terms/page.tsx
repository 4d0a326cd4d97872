export const metadata = { title: "Terms of service" };

// GET /terms - the conditions accepted at registration.
export default function TermsPage() {
  return (
    <div className="container container--narrow">
      <h1>Terms of service</h1>
      <div className="card">
        <p>By creating an account you agree that:</p>
        <ul>
          <li>you own, or are licensed to publish, every content you upload;</li>
          <li>you do not upload illegal content or content that infringes the rights of others;</li>
          <li>the operator of this instance may suspend accounts that break these terms;</li>
          <li>your public page shows your username and the profile fields you choose to fill in.</li>
        </ul>
        <p className="muted">The operator of this Kinora instance may publish more detailed terms here.</p>
      </div>
    </div>
  );
}
