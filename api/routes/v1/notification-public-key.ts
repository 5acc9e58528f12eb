/**
 * GET /payment/v1/notification-public-key: the public key that verifies the X-Signature of v1
 * notifications (activities/webhooks/v1-notification-signature.ts), for merchants to paste into
 * their v1 plugin. Public (it is a public key), and the same for every entity: one pair per
 * deployment (db/notification-key.ts), created on first use.
 *
 * Answers `{"public_key": "<SPKI PEM>"}` as JSON, like every v1 answer; a client sending
 * `Accept: application/x-pem-file` gets the PEM file itself.
 *
 *   registerV1NotificationKeyRoute(app, { sql, encryptionKey })
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Sql } from '../../../db/connection';
import { v1NotificationPublicKey } from '../../../db/notification-key';
import { v1RouteSchema } from '../../schemas/v1/route-schema';
import { ApiErrors } from './v1-routes';

export const V1_NOTIFICATION_PUBLIC_KEY_PATH = '/payment/v1/notification-public-key';
const PEM_MEDIA_TYPE = 'application/x-pem-file';

/** True when the client asks for the PEM file and not for JSON (a q-value of 0 is a refusal). */
function wantsPem(accept: string | undefined): boolean {
  if (!accept) return false;
  return (
    accept.split(',').some((part) => {
      const [type, ...parameters] = part.trim().toLowerCase().split(';');
      const refused = parameters.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
      return type?.trim() === PEM_MEDIA_TYPE && !refused;
    }) && !/application\/json/i.test(accept)
  );
}

export function registerV1NotificationKeyRoute(app: FastifyInstance, deps: { sql: Sql; encryptionKey: Buffer }): void {
  app.get(
    V1_NOTIFICATION_PUBLIC_KEY_PATH,
    {
      schema: v1RouteSchema({
        summary: 'Public key of v1 notification signatures',
        description:
          'Verifies the X-Signature header of v1 notifications: base64 of the RSA private-key operation over the OAEP encoding ' +
          '(SHA-1, MGF1-SHA1, empty label) of the lowercase hex SHA-256 of the raw body. A plugin loads this key, runs the RSA ' +
          `public operation on the signature, OAEP-decodes and compares with the body's digest. JSON by default; ` +
          `Accept: ${PEM_MEDIA_TYPE} gives the PEM file.`,
        response: {
          200: Type.Object(
            { public_key: Type.String({ description: 'RSA-2048 public key, SPKI PEM ("BEGIN PUBLIC KEY").' }) },
            { description: 'The deployment’s notification public key.' },
          ),
          ...ApiErrors(400),
        },
      }),
    },
    async (request, reply) => {
      const publicKey = await v1NotificationPublicKey(deps.sql, deps.encryptionKey);
      if (wantsPem(request.headers.accept)) return reply.type(PEM_MEDIA_TYPE).send(publicKey);
      return { public_key: publicKey };
    },
  );
}
