import { RestorePurchase } from "@/components/payments/restore-purchase";
import "@/components/payments/payments.css";

export const metadata = { title: "Your purchase", robots: { index: false } };

// GET /restore#<token> - the link of a guest's receipt mail: restores the purchase in this browser
// (domain/payments/restore-link.ts). The token stays in the fragment: the server never sees it here.
export default function RestorePage() {
  return (
    <div className="container container--narrow">
      <h1>Your purchase</h1>
      <div className="card">
        <RestorePurchase />
      </div>
    </div>
  );
}
