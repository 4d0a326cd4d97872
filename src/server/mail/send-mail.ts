import { mkdir, writeFile, readdir, readFile, rename } from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import nodemailer from "nodemailer";
import { env } from "@/server/env";
import { metrics } from "@/server/metrics/registry.mjs";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface OutboxMail extends Mail {
  id: string;
  date: string;
}

const outboxDir = () => path.join(env().dataDir, "outbox");

let transport: nodemailer.Transporter | undefined;

/** Sends through SMTP when SMTP_URL is set; otherwise writes the mail to DATA_DIR/outbox (the portal lists it). */
export async function sendMail(mail: Mail): Promise<void> {
  const transportName = env().SMTP_URL ? "smtp" : "outbox";
  try {
    await deliver(mail);
    metrics().mail.inc({ transport: transportName, outcome: "sent" });
  } catch (err) {
    metrics().mail.inc({ transport: transportName, outcome: "failed" });
    throw err;
  }
}

async function deliver(mail: Mail): Promise<void> {
  const { SMTP_URL, MAIL_FROM } = env();
  if (SMTP_URL) {
    transport ??= nodemailer.createTransport(SMTP_URL);
    await transport.sendMail({ from: MAIL_FROM, ...mail });
    return;
  }
  await mkdir(outboxDir(), { recursive: true });
  const entry: OutboxMail = { id: randomUUID(), date: new Date().toISOString(), ...mail };
  // written under another name, then renamed: a reader of the outbox never finds half a mail
  const file = path.join(outboxDir(), `${Date.now()}-${entry.id}.json`);
  await writeFile(`${file}.part`, JSON.stringify(entry, null, 2), { mode: 0o600 });
  await rename(`${file}.part`, file);
}

/** Newest first; only meaningful in the embedded default where mail goes to the outbox. */
export async function listOutbox(limit = 50): Promise<OutboxMail[]> {
  const names = await readdir(outboxDir()).catch(() => [] as string[]);
  const newest = names
    .filter((n) => n.endsWith(".json"))
    .sort()
    .reverse()
    .slice(0, limit);
  return Promise.all(newest.map(async (n) => JSON.parse(await readFile(path.join(outboxDir(), n), "utf8")) as OutboxMail));
}

export const outboxEnabled = () => !env().SMTP_URL;
