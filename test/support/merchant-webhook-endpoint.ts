// A merchant's webhook endpoint on loopback for fault tests: it checks each delivery's signature
// with the secret of the entity it is addressed to, keeps every event it accepted, and can be
// taken down (connections refused, as when the merchant's server is off) and brought back on the
// same address.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { verifyWebhook } from '../../activities/webhooks/signature';
import type { WebhookEvent } from '../../activities/webhook-types';

export interface ReceivedEvent {
  event: WebhookEvent;
  /** The tessera-delivery-attempt header: 1 for a first attempt. */
  attempt: number;
  signatureValid: boolean;
  receivedAt: number;
}

export interface MerchantWebhookEndpoint {
  url: string;
  readonly up: boolean;
  /** Every delivery accepted (answered 2xx), retries included. */
  received: ReceivedEvent[];
  /** Deliveries refused because their signature did not verify (answered 401). */
  invalidSignatures: number;
  /** Says which secret signs an entity's webhooks (the merchant's webhook_secret). */
  trust(entityId: string, secret: string): void;
  takeDown(): Promise<void>;
  bringBack(): Promise<void>;
  close(): Promise<void>;
}

export async function startMerchantWebhookEndpoint(): Promise<MerchantWebhookEndpoint> {
  const secrets = new Map<string, string>();
  const received: ReceivedEvent[] = [];
  let invalidSignatures = 0;

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let event: WebhookEvent;
      try {
        event = JSON.parse(body) as WebhookEvent;
      } catch {
        response.writeHead(400).end();
        return;
      }
      const secret = secrets.get(event.entity_id);
      const header = request.headers['tessera-signature'];
      const verdict = secret
        ? verifyWebhook(secret, body, Array.isArray(header) ? header[0] : header, Math.floor(Date.now() / 1000))
        : { valid: false as const };
      if (!verdict.valid) {
        invalidSignatures += 1;
        response.writeHead(401).end();
        return;
      }
      received.push({
        event,
        attempt: Number(request.headers['tessera-delivery-attempt'] ?? 0),
        signatureValid: true,
        receivedAt: Date.now(),
      });
      response.writeHead(204).end();
    });
  };

  let server: Server | undefined;
  const sockets = new Set<Socket>();
  let port = 0;
  const listen = async () => {
    const next = createServer(handle);
    next.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    const address = next.address();
    if (address === null || typeof address === 'string') throw new Error('webhook endpoint: unexpected address');
    port = address.port;
    server = next;
  };
  const shut = async () => {
    const current = server;
    server = undefined;
    if (!current) return;
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => current.close(() => resolve()));
  };
  await listen();

  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    get up() {
      return server !== undefined;
    },
    received,
    get invalidSignatures() {
      return invalidSignatures;
    },
    trust(entityId, secret) {
      secrets.set(entityId, secret);
    },
    takeDown: shut,
    async bringBack() {
      if (server) return;
      // The same port: a merchant's endpoint comes back where its URL says.
      for (let tries = 0; ; tries += 1) {
        try {
          await listen();
          return;
        } catch (error) {
          if (tries >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
    close: shut,
  };
}
