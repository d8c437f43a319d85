import { baseUrl } from './browser';

/** The mails maildev of the e2e stack holds for `address` (support/stack.ts: web at base + 8). */
export async function mailsTo(address: string): Promise<Array<{ subject: string; text: string }>> {
  const base = Number(new URL(baseUrl()).port);
  const response = await fetch(`http://127.0.0.1:${base + 8}/email`);
  const mails = (await response.json()) as Array<{
    to: Array<{ address: string }>;
    subject: string;
    text: string;
  }>;
  return mails.filter((mail) => mail.to[0]?.address === address);
}
