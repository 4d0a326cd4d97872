// A local stand-in for the few Stripe API calls Kinora makes (src/server/payments/stripe), at the edge
// of the world like the SMTP sink: the official SDK talks to it over HTTP (STRIPE_API_URL), as it
// would to api.stripe.com. It behaves like Stripe where Kinora depends on it: form-encoded bodies
// with nested brackets, JSON answers with Stripe's field names and error shape, 401 without the
// secret key, Idempotency-Key honoured (same key and body: the first answer again; another body: 400),
// Checkout Session bounds (expires_at 30 min to 24 h). Tests move sessions (pay, expire) directly and
// build the events Stripe would send, signed with the SDK's own test-header helper.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import type { Api, ApiResponse } from "./api";

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

/** A request the stand-in received, parsed. */
export interface StandinRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
  form: Form;
}

/** The Checkout Session as Stripe shows it (the fields Kinora reads, and their neighbours). */
export interface StandinSession {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_status: "paid" | "unpaid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  success_url: string | null;
  url: string | null;
}

export interface StripeStandin {
  /** STRIPE_API_URL for the SDK. */
  url: string;
  sessions: Map<string, StandinSession>;
  /** Every API request received, oldest first. */
  requests: StandinRequest[];
  /** The buyer paid at Stripe's page (no webhook is sent: tests deliver events themselves). */
  pay(sessionId: string): StandinSession;
  /** The buyer finished with a delayed method (bank debit): complete, not paid yet. */
  completeUnpaid(sessionId: string): StandinSession;
  expire(sessionId: string): StandinSession;
  /** The JSON body of the event Stripe would send about a session, as it stands now. */
  sessionEvent(type: string, sessionId: string): string;
  /** The JSON body of charge.refunded for a paid session's charge (full refund unless `amountRefunded` says less). */
  chargeRefundedEvent(sessionId: string, amountRefunded?: number): string;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url").replace(/[-_]/g, "0")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe's bracket notation (`a[b][0][c]=v`) into nested objects and arrays. */
export function parseStripeForm(body: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Form | FormValue[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const slot = node as Record<string, FormValue>;
      if (last) slot[part] = value;
      else slot[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {};
      node = slot[part] as Form | FormValue[];
    });
  }
  return root;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; code?: string; param?: string },
  ) {
    super(body.message);
  }
}

const invalid = (param: string, message: string, code = "parameter_invalid") =>
  new StripeError(400, { type: "invalid_request_error", code, param, message });

function text(form: Form, key: string): string | undefined {
  const v = form[key];
  return typeof v === "string" ? v : undefined;
}

function integer(value: FormValue | undefined, param: string): number {
  if (typeof value !== "string" || !/^-?\d+$/.test(value))
    throw invalid(param, `Invalid integer: ${String(value)}`, "parameter_invalid_integer");
  return Number(value);
}

export async function startStripeStandin(opts: { secretKey: string }): Promise<StripeStandin> {
  const sessions = new Map<string, StandinSession>();
  const refunded = new Set<string>();
  const requests: StandinRequest[] = [];
  const idempotent = new Map<string, { body: string; answer: unknown }>();
  let url = "";

  function createSession(form: Form): StandinSession {
    if (text(form, "mode") !== "payment") throw invalid("mode", "The stand-in opens sessions of mode payment only.");
    const items = form.line_items;
    if (!Array.isArray(items) || items.length === 0)
      throw invalid("line_items", "Missing required param: line_items.", "parameter_missing");
    let total = 0;
    let currency: string | undefined;
    items.forEach((raw, i) => {
      const item = raw as Form;
      const price = item.price_data as Form | undefined;
      const quantity = integer(item.quantity, `line_items[${i}][quantity]`);
      if (!price) throw invalid(`line_items[${i}][price_data]`, "You must specify either `price` or `price_data`.", "parameter_missing");
      const itemCurrency = text(price, "currency");
      if (!itemCurrency || !/^[a-z]{3}$/.test(itemCurrency))
        throw invalid(`line_items[${i}][price_data][currency]`, `Invalid currency: ${itemCurrency}`);
      const amount = integer(price.unit_amount, `line_items[${i}][price_data][unit_amount]`);
      if (amount < 0) throw invalid(`line_items[${i}][price_data][unit_amount]`, "This value must be greater than or equal to 0.");
      if (!text(price.product_data as Form, "name"))
        throw invalid(`line_items[${i}][price_data][product_data][name]`, "Missing required param.", "parameter_missing");
      if (currency && currency !== itemCurrency)
        throw invalid(`line_items[${i}][price_data][currency]`, "All line items must use the same currency.");
      currency = itemCurrency;
      total += amount * quantity;
    });
    const created = nowSeconds();
    const expiresAt = form.expires_at === undefined ? created + 24 * 3600 : integer(form.expires_at, "expires_at");
    if (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600) {
      throw invalid("expires_at", "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.");
    }
    const metadata = (form.metadata ?? {}) as Record<string, string>;
    for (const [key, value] of Object.entries(metadata)) {
      if (key.length > 40 || typeof value !== "string" || value.length > 500)
        throw invalid(`metadata[${key}]`, "Metadata keys are at most 40 characters, values 500.");
    }
    const sessionId = id("cs_test");
    const session: StandinSession = {
      id: sessionId,
      object: "checkout.session",
      amount_subtotal: total,
      amount_total: total,
      cancel_url: text(form, "cancel_url") ?? null,
      client_reference_id: text(form, "client_reference_id") ?? null,
      created,
      currency: currency!,
      customer: null,
      customer_email: text(form, "customer_email") ?? null,
      expires_at: expiresAt,
      livemode: false,
      metadata,
      mode: "payment",
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      success_url: text(form, "success_url") ?? null,
      url: `${url}/c/pay/${sessionId}`,
    };
    sessions.set(sessionId, session);
    return session;
  }

  function session(sessionId: string): StandinSession {
    const s = sessions.get(sessionId);
    if (!s) {
      throw new StripeError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "session",
        message: `No such checkout.session: '${sessionId}'`,
      });
    }
    return s;
  }

  /** A refund of a paid session's PaymentIntent, in full (as Kinora asks for); twice: Stripe's charge_already_refunded. */
  function createRefund(form: Form): unknown {
    const intent = typeof form.payment_intent === "string" ? form.payment_intent : "";
    const paid = [...sessions.values()].find((s) => s.payment_intent === intent && s.payment_status === "paid");
    if (!paid)
      throw new StripeError(400, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such payment_intent: '${intent}'`,
      });
    if (refunded.has(intent))
      throw new StripeError(400, {
        type: "invalid_request_error",
        code: "charge_already_refunded",
        message: `Charge for ${intent} has already been refunded.`,
      });
    refunded.add(intent);
    return {
      id: id("re"),
      object: "refund",
      amount: paid.amount_total,
      currency: paid.currency,
      payment_intent: intent,
      metadata: typeof form.metadata === "object" && !Array.isArray(form.metadata) ? form.metadata : {},
      status: "succeeded",
      created: Math.floor(Date.now() / 1000),
    };
  }

  function route(method: string, path: string, query: URLSearchParams, form: Form): unknown {
    const one = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === "POST" && path === "/v1/checkout/sessions") return createSession(form);
    if (method === "POST" && path === "/v1/refunds") return createRefund(form);
    if (method === "GET" && one) return session(decodeURIComponent(one[1]!));
    if (method === "GET" && path === "/v1/checkout/sessions") {
      const paymentIntent = query.get("payment_intent");
      const limit = Number(query.get("limit") ?? 10);
      const data = [...sessions.values()].filter((s) => !paymentIntent || s.payment_intent === paymentIntent).reverse();
      return { object: "list", data: data.slice(0, limit), has_more: data.length > limit, url: "/v1/checkout/sessions" };
    }
    throw new StripeError(404, { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` });
  }

  function authorize(header: string | undefined): void {
    const key = /^Bearer (.+)$/.exec(header ?? "")?.[1];
    if (!key) {
      throw new StripeError(401, {
        type: "invalid_request_error",
        message: "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.",
      });
    }
    if (key !== opts.secretKey) {
      throw new StripeError(401, {
        type: "invalid_request_error",
        code: "api_key_invalid",
        message: `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`,
      });
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const target = new URL(req.url ?? "/", "http://standin");
    const method = req.method ?? "GET";
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "Content-Type": "application/json", "Request-Id": id("req"), ...headers });
      res.end(JSON.stringify(body, null, 2));
    };
    if (method === "GET" && target.pathname.startsWith("/c/pay/")) {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end("<!doctype html><title>Stripe stand-in checkout</title><p>Stripe stand-in checkout</p>");
      return;
    }
    const form = parseStripeForm(raw);
    const key = req.headers["idempotency-key"] as string | undefined;
    requests.push({
      method,
      path: target.pathname,
      authorization: req.headers.authorization,
      idempotencyKey: key,
      stripeVersion: req.headers["stripe-version"] as string | undefined,
      form,
    });
    try {
      authorize(req.headers.authorization);
      if (method === "POST" && key) {
        const first = idempotent.get(key);
        if (first && first.body !== raw) {
          throw new StripeError(400, {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          });
        }
        if (first) return answer(200, first.answer, { "Idempotent-Replayed": "true", "Idempotency-Key": key });
      }
      const result = route(method, target.pathname, target.searchParams, form);
      if (method === "POST" && key) idempotent.set(key, { body: raw, answer: structuredClone(result) });
      answer(200, result, key ? { "Idempotency-Key": key } : {});
    } catch (err) {
      if (!(err instanceof StripeError)) throw err;
      // as at Stripe, a request refused before it ran (validation, authentication) saves no result under its key
      answer(err.status, { error: { ...err.body, doc_url: `https://stripe.com/docs/error-codes/${err.body.code ?? "unknown"}` } });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { type: "api_error", message: String(err) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const event = (type: string, object: unknown) =>
    JSON.stringify(
      {
        id: id("evt"),
        object: "event",
        api_version: Stripe.API_VERSION,
        created: nowSeconds(),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      },
      null,
      2,
    );

  return {
    url,
    sessions,
    requests,
    pay(sessionId) {
      const s = session(sessionId);
      Object.assign(s, { status: "complete", payment_status: "paid", payment_intent: s.payment_intent ?? id("pi") });
      return s;
    },
    completeUnpaid(sessionId) {
      const s = session(sessionId);
      Object.assign(s, { status: "complete", payment_status: "unpaid", payment_intent: s.payment_intent ?? id("pi") });
      return s;
    },
    expire(sessionId) {
      const s = session(sessionId);
      if (s.status === "open") Object.assign(s, { status: "expired", url: null });
      return s;
    },
    sessionEvent: (type, sessionId) => event(type, session(sessionId)),
    chargeRefundedEvent(sessionId, amountRefunded) {
      const s = session(sessionId);
      const refunded = amountRefunded ?? s.amount_total;
      return event("charge.refunded", {
        id: id("ch"),
        object: "charge",
        amount: s.amount_total,
        amount_captured: s.amount_total,
        amount_refunded: refunded,
        currency: s.currency,
        metadata: {},
        paid: true,
        payment_intent: s.payment_intent,
        refunded: refunded === s.amount_total,
        status: "succeeded",
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Stripe-Signature header of a body, made by the SDK's own helper (timestamp in seconds; now by default). */
export function stripeSignature(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });
}

/** Delivers an event to a Kinora server's webhook as Stripe does (JSON, the signature header; none when null). */
export function deliverStripeEvent(api: Api, payload: string, signature: string | null): Promise<ApiResponse> {
  return api.post("/payments/stripe/webhook", undefined, {
    raw: payload,
    headers: { "Content-Type": "application/json; charset=utf-8", ...(signature === null ? {} : { "Stripe-Signature": signature }) },
  });
}
