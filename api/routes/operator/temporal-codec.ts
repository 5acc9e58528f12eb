// The codec endpoint: Temporal's remote codec protocol, so that operators read payments in the
// Temporal UI (and `temporal workflow show --codec-endpoint`) while the Temporal server holds
// ciphertext only (temporal/payload-codec.ts).
//
//   POST /temporal-codec/decode  {payloads: [Payload as proto3 JSON]} -> {payloads: [...]}
//   POST /temporal-codec/encode  the same, sealing with the current key
//
// The UI calls it from the operator's browser: CORS admits the origins of TESSERA_TEMPORAL_UI_ORIGINS
// only, with credentials, so the operator's session cookie travels (api/auth/operator.ts says how
// an operator gets one, at /temporal-codec/sign-in). Everything but the preflight needs operator
// authentication, checked before the body is read. Not in the OpenAPI documents: it is no
// merchant's API.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Payload } from '@temporalio/common';
import { Type, type Static } from 'typebox';
import {
  InvalidEncryptedPayloadError,
  UnknownPayloadKeyError,
  type EncryptionCodec,
} from '../../../temporal/payload-codec';
import type { OperatorAccess } from '../../auth/operator';
import { badRequest, HttpProblem } from '../../errors/problem';
import { SMALL_BODY_LIMIT_BYTES } from '../../http-limits';
import { FORM_MEDIA_TYPE } from '../../media-types';
import { operatorPages } from './sign-in-pages';

export const TEMPORAL_CODEC_PATH = '/temporal-codec';

/** proto3 JSON bytes: base64, standard or URL-safe alphabet. */
const Base64 = Type.String({ pattern: '^[A-Za-z0-9+/_-]*={0,2}$' });
const PayloadJson = Type.Object(
  { metadata: Type.Optional(Type.Record(Type.String(), Base64)), data: Type.Optional(Base64) },
  // Fields a newer server adds are kept on a payload handed back as it came.
  { additionalProperties: true },
);
type PayloadJson = Static<typeof PayloadJson>;
const CodecRequest = Type.Object({ payloads: Type.Array(PayloadJson, { maxItems: 10_000 }) });

/**
 * A history's largest payloads are a few hundred KiB, and Temporal refuses payloads over 2 MB: 8 MiB
 * holds what the UI sends for one event or one page. The body is read only once authenticated.
 */
const CODEC_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/** The browser may cache a preflight this long (seconds). */
const PREFLIGHT_MAX_AGE = 600;

function toPayload(json: PayloadJson): Payload {
  return {
    metadata: Object.fromEntries(
      Object.entries(json.metadata ?? {}).map(([name, value]) => [name, Buffer.from(value, 'base64')]),
    ),
    data: Buffer.from(json.data ?? '', 'base64'),
  };
}

function toJson(payload: Payload): PayloadJson {
  return {
    metadata: Object.fromEntries(
      Object.entries(payload.metadata ?? {}).map(([name, value]) => [name, Buffer.from(value).toString('base64')]),
    ),
    data: Buffer.from(payload.data ?? new Uint8Array()).toString('base64'),
  };
}

export interface TemporalCodecDeps {
  codec: EncryptionCodec;
  operators: OperatorAccess;
  /** Origins allowed to call from a browser, exactly as the browser sends them (scheme, host, port). */
  uiOrigins: string[];
}

export function registerTemporalCodecRoutes(parent: FastifyInstance, deps: TemporalCodecDeps): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const allowed = new Set(deps.uiOrigins);

  /** onRequest: CORS headers for an allowed origin, on every answer (errors included). */
  const withCors = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('vary', 'origin');
    const origin = request.headers.origin;
    if (origin && allowed.has(origin)) {
      reply.headers({
        'access-control-allow-origin': origin,
        'access-control-allow-credentials': 'true',
        'access-control-expose-headers': 'x-request-id',
      });
    }
  };
  const authenticated = async (request: FastifyRequest) => {
    deps.operators.authenticate(request);
  };

  for (const operation of ['encode', 'decode'] as const) {
    const path = `${TEMPORAL_CODEC_PATH}/${operation}`;
    // A preflight carries no credentials: it only learns whether the real request may be sent.
    app.options(path, { schema: { hide: true }, onRequest: withCors }, async (request, reply) => {
      const origin = request.headers.origin;
      if (!origin || !allowed.has(origin))
        throw new HttpProblem(
          403,
          'forbidden',
          `origin ${origin ?? '(none)'} may not call the codec endpoint: add it to TESSERA_TEMPORAL_UI_ORIGINS`,
        );
      return reply
        .status(204)
        .headers({
          'access-control-allow-methods': 'POST, OPTIONS',
          'access-control-allow-headers': 'content-type, x-namespace, authorization, authorization-extras',
          'access-control-max-age': String(PREFLIGHT_MAX_AGE),
          // Chromium asks before a page reaches a more private address (e.g. a public UI, a private api).
          ...(request.headers['access-control-request-private-network'] === 'true'
            ? { 'access-control-allow-private-network': 'true' }
            : {}),
        })
        .send();
    });

    app.post(
      path,
      {
        bodyLimit: CODEC_BODY_LIMIT_BYTES,
        onRequest: [withCors, authenticated],
        schema: { hide: true, body: CodecRequest },
      },
      async (request, reply) => {
        const given = request.body.payloads;
        let payloads: PayloadJson[];
        try {
          payloads =
            operation === 'encode'
              ? (await deps.codec.encode(given.map(toPayload))).map(toJson)
              : await Promise.all(
                  given.map(async (json) => {
                    const payload = toPayload(json);
                    const [opened] = await deps.codec.decode([payload]);
                    // A payload that was never encrypted goes back exactly as it came.
                    return opened === payload ? json : toJson(opened!);
                  }),
                );
        } catch (error) {
          if (error instanceof UnknownPayloadKeyError) throw new HttpProblem(422, 'payload_key_unknown', error.message);
          if (error instanceof InvalidEncryptedPayloadError) throw badRequest(error.message);
          throw error;
        }
        // The UI asks once per event it shows: a line each is for debugging only.
        request.log.debug({ operation, payloads: payloads.length }, 'temporal codec');
        return reply.header('cache-control', 'no-store').send({ payloads });
      },
    );
  }

  const pages = operatorPages(deps.operators, TEMPORAL_CODEC_PATH);
  app.get(`${TEMPORAL_CODEC_PATH}/sign-in`, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(pages.form()),
  );
  app.post(
    `${TEMPORAL_CODEC_PATH}/sign-in`,
    {
      bodyLimit: SMALL_BODY_LIMIT_BYTES,
      // The sign-in page posts its form.
      schema: {
        hide: true,
        consumes: [FORM_MEDIA_TYPE, 'application/json'],
        body: Type.Object({ token: Type.String({ maxLength: 1024 }) }),
      },
    },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!deps.operators.configured) return reply.status(503).send(pages.notConfigured());
      if (!deps.operators.tokenMatches(request.body.token)) {
        request.log.warn('operator sign-in refused');
        return reply.status(401).send(pages.form('That is not the operator token.'));
      }
      const { cookie, expiresAt } = deps.operators.signIn();
      request.log.info('operator signed in');
      return reply.header('set-cookie', cookie).send(pages.signedIn(expiresAt, deps.uiOrigins));
    },
  );
  app.post(
    `${TEMPORAL_CODEC_PATH}/sign-out`,
    { schema: { hide: true, consumes: [FORM_MEDIA_TYPE] } },
    async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('set-cookie', deps.operators.signOut())
        .header('cache-control', 'no-store')
        .send(pages.signedOut()),
  );
}
