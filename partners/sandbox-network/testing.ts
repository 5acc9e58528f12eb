// Helpers for tests that drive the sandbox: a loopback notification receiver, a bounded wait,
// and a "browser" that submits a shopper page the way a form submission would.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedNotification {
  body: string;
  headers: IncomingHttpHeaders;
  /** Status the receiver answered. */
  answered: number;
}

export interface NotificationReceiver {
  url: string;
  received: ReceivedNotification[];
  /** Resolves once `count` notifications have been answered 2xx (bounded by timeoutMs). */
  waitForDelivered(count: number, timeoutMs?: number): Promise<ReceivedNotification[]>;
  close(): Promise<void>;
}

/** Answers 500 to the first `failFirst` requests, then 204. Loopback only. */
export async function startNotificationReceiver(options: { failFirst?: number } = {}): Promise<NotificationReceiver> {
  const received: ReceivedNotification[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answered = received.length < (options.failFirst ?? 0) ? 500 : 204;
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers, answered });
      res.statusCode = answered;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/notifications`,
    received,
    async waitForDelivered(count, timeoutMs = 5_000) {
      const delivered = () => received.filter((r) => r.answered < 300);
      await waitUntil(() => delivered().length >= count, { timeoutMs, what: `${count} delivered notification(s)` });
      return delivered();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls `condition` every intervalMs until true; throws after timeoutMs. */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  options: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const intervalMs = options.intervalMs ?? 20;
  const deadline = Date.now() + timeoutMs;
  for (let i = 0; i < Math.ceil(timeoutMs / intervalMs) + 1; i++) {
    if (await condition()) return;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${options.what ?? 'condition'}`);
}

export interface PageSubmission {
  /** The page as the shopper saw it. */
  html: string;
  status: number;
  /** Where the browser is sent next (303), if anywhere. */
  location: string | null;
  answer: string;
}

/**
 * GET the page at `href` and submit its form with the button whose value is `decision`, like a
 * browser: form-urlencoded POST to the page's own URL, redirects not followed.
 */
export async function submitPage(href: string, decision: string): Promise<PageSubmission> {
  const page = await fetch(href);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`page ${href} answered ${page.status}`);
  if (!html.includes(`name="decision" value="${decision}"`)) throw new Error(`page has no "${decision}" button`);
  const response = await fetch(href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision }).toString(),
    redirect: 'manual',
  });
  return { html, status: response.status, location: response.headers.get('location'), answer: await response.text() };
}
