import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed; undefined when it is not JSON. */
  json: any;
  answeredWith: number;
  /** Date.now() when the request arrived (the bench times deliveries by it). */
  arrivedAt: number;
}

function parsed(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** A merchant's webhook endpoint on loopback; `answer` decides each response status. */
export async function startWebhookReceiver(answer: (index: number) => number = () => 200) {
  const received: ReceivedWebhook[] = [];
  const server: Server = createServer((request, response) => {
    const arrivedAt = Date.now();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const status = answer(received.length);
      received.push({ headers: request.headers, body, json: parsed(body), answeredWith: status, arrivedAt });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        // Deliveries keep their connections alive: closing waits for none of them.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
