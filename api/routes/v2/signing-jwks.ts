import type { FastifyInstance } from 'fastify';
import { Ref } from '../../schemas/typebox';
import { SigningJwks } from '../../schemas/v2';
import type { KeyRing } from '../../auth/key-ring';
import { problemResponses } from '../schema-refs';

export function registerSigningJwksRoute(app: FastifyInstance, deps: { keys: KeyRing }): void {
  app.get(
    '/v2/signing-jwks',
    {
      config: { auth: { scope: 'orchestration-api' } },
      schema: {
        summary: 'Public keys that sign shopper redirections',
        description: `Verify the JWS in the purse-redirection-data query parameter of the shopper's return with these keys (matched by kid). Keys rotate; fetch again when a kid is unknown.`,
        tags: ['Signing keys'],
        response: { 200: Ref(SigningJwks), ...problemResponses(400, 401, 403) },
      },
    },
    async () => ({ keys: await deps.keys.publicJwks('redirect') }),
  );
}
