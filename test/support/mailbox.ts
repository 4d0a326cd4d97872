import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

/** Waits for a mail to `to` received by the SMTP sink (or written to a data dir's outbox). */
export async function waitForMail(
  dir: string,
  to: string,
  matching: (m: ReceivedMail) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const newest = (await mailsTo(dir, to, matching)).at(-1);
    if (newest) return newest;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} in ${dir} within ${timeoutMs} ms`);
}

/** Every mail to `to` received so far, oldest first (to count them, or to see there is none). */
export async function mailsTo(dir: string, to: string, matching: (m: ReceivedMail) => boolean = () => true): Promise<ReceivedMail[]> {
  return (await readMails(dir)).filter((mail) => mail.to.toLowerCase() === to.toLowerCase() && matching(mail));
}

async function readMails(dir: string): Promise<ReceivedMail[]> {
  if (!existsSync(dir)) return [];
  // only whole mails: the outbox writes `<name>.json.part`, then renames it (the part may be gone by now)
  const names = readdirSync(dir)
    .filter((name) => name.endsWith(".json") || name.endsWith(".eml"))
    .sort();
  const out: ReceivedMail[] = [];
  for (const name of names) {
    const raw = readFileSync(path.join(dir, name), "utf8");
    if (name.endsWith(".json")) {
      const m = JSON.parse(raw) as ReceivedMail;
      out.push({ to: m.to, subject: m.subject, text: m.text });
    } else if (name.endsWith(".eml")) {
      const parsed = await simpleParser(raw);
      const rcpt = /^X-Test-Rcpt: (.*)$/m.exec(raw)?.[1] ?? "";
      out.push({ to: rcpt, subject: parsed.subject ?? "", text: parsed.text ?? "" });
    }
  }
  return out;
}

/** The first http(s) link in a mail's text. */
export const firstLink = (mail: ReceivedMail): string => {
  const m = /https?:\/\/\S+/.exec(mail.text);
  if (!m) throw new Error(`no link in mail: ${mail.text}`);
  return m[0];
};
