// A small keep-alive JSON client over node:http: lighter than fetch on the driver's event loop,
// which shares the machine's two cores with everything it measures.
import http from 'node:http';

export interface HttpAnswer {
  status: number;
  body: any;
  headers: http.IncomingHttpHeaders;
}

export class HttpClient {
  private readonly agent: http.Agent;
  private readonly host: string;
  private readonly port: number;

  constructor(
    baseUrl: string,
    maxSockets: number,
    private readonly timeoutMs = 30_000,
  ) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port);
    this.agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  }

  request(
    method: string,
    path: string,
    options: { headers?: Record<string, string>; json?: unknown; form?: string } = {},
  ): Promise<HttpAnswer> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    let payload: string | undefined;
    if (options.json !== undefined) {
      payload = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    } else if (options.form !== undefined) {
      payload = options.form;
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
    return new Promise((resolve, reject) => {
      const request = http.request(
        { host: this.host, port: this.port, method, path, headers, agent: this.agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = text;
            try {
              body = text ? JSON.parse(text) : undefined;
            } catch {
              // not JSON: keep the text
            }
            resolve({ status: response.statusCode ?? 0, body, headers: response.headers });
          });
        },
      );
      request.setTimeout(this.timeoutMs, () => request.destroy(new Error(`no answer within ${this.timeoutMs} ms`)));
      request.on('error', reject);
      request.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
