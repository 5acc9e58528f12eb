import { connect } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { answerClientError, clientErrorAnswer, pathOfRawRequest } from './client-errors';

/** Sends raw bytes to the server and reads the whole answer, bounded in time. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within 5 s; read so far: ${answer}`));
    }, 5_000);
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(answer);
    });
    socket.on('error', () => undefined);
    socket.write(bytes);
  });
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('pathOfRawRequest', () => {
  it('reads the path of the request line, without its query', () => {
    expect(pathOfRawRequest(Buffer.from('GET /wallet/v2/session?x=1 HTTP/1.1\r\nHost: a\r\n'))).toBe(
      '/wallet/v2/session',
    );
    expect(pathOfRawRequest(Buffer.from('\u0016\u0003\u0001 not http'))).toBe('/');
    expect(pathOfRawRequest(undefined)).toBe('/');
  });
});

describe('clientErrorAnswer', () => {
  it('answers in the shape of the path’s API, with the request id', () => {
    const overflow = Object.assign(new Error('Header overflow'), {
      code: 'HPE_HEADER_OVERFLOW',
      rawPacket: Buffer.from('POST /wallet/v2/session HTTP/1.1\r\nx-big: aaaa'),
    });
    const wallet = clientErrorAnswer(overflow, 'req-12345678');
    expect(wallet).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(wallet).toContain('x-request-id: req-12345678\r\n');
    expect(bodyOf(wallet)).toMatchObject({
      error_code: 'BAD_REQUEST',
      status: 431,
      error: 'Request Header Fields Too Large',
      path: '/wallet/v2/session',
      request_id: 'req-12345678',
    });
    const v2 = clientErrorAnswer(
      Object.assign(new Error('Header overflow'), {
        code: 'HPE_HEADER_OVERFLOW',
        rawPacket: Buffer.from('GET /v2/payments/x HTTP/1.1\r\n'),
      }),
      'req-2',
    );
    expect(v2).toContain('content-type: application/problem+json');
    expect(bodyOf(v2)).toMatchObject({
      status: 431,
      title: 'Request Header Fields Too Large',
      instance: '/v2/payments/x',
      request_id: 'req-2',
    });
  });
});

describe('answerClientError', () => {
  it('answers a header section over the limit in the API’s shape, on a real socket', async () => {
    const app = Fastify({ logger: false, clientErrorHandler: answerClientError, http: { maxHeaderSize: 1024 } });
    app.get('/v2/things', async () => ({ ok: true }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const answer = await rawExchange(
        port,
        `GET /payment/v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nx-big: ${'a'.repeat(4096)}\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
      expect(bodyOf(answer)).toMatchObject({ status: 431, path: '/payment/v1/sessions', error_code: 'BAD_REQUEST' });
      const fine = await fetch(`http://127.0.0.1:${port}/v2/things`);
      expect(fine.status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
