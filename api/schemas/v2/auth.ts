import { Type, type Static } from 'typebox';
import { Ref, StringEnum } from '../typebox';

export const OAuthTokenRequest = Type.Object(
  {
    grant_type: StringEnum(['client_credentials'] as const, {
      description: 'Only the client credentials grant is supported. May also be sent in the query string.',
      examples: ['client_credentials'],
    }),
    client_id: Type.Optional(Type.String({ description: 'Client id, when not sent with HTTP Basic.' })),
    client_secret: Type.Optional(Type.String({ description: 'Client secret, when not sent with HTTP Basic.' })),
    scope: Type.Optional(
      Type.String({
        description: 'Space-separated scopes wanted; all scopes of the client by default.',
        examples: ['payment-api'],
      }),
    ),
  },
  {
    $id: 'OAuthTokenRequest',
    description: 'Form-encoded body of POST /oauth/token (RFC 6749 section 4.4).',
  },
);
export type OAuthTokenRequest = Static<typeof OAuthTokenRequest>;

export const OAuthTokenResponse = Type.Object(
  {
    access_token: Type.String({
      description: 'JWT to send as "Authorization: Bearer <token>".',
      examples: ['eyJhbGciOiJSUzI1NiIs...'],
    }),
    expires_in: Type.Integer({ minimum: 1, description: 'Lifetime of the token in seconds.', examples: [3600] }),
    scope: Type.String({ description: 'Space-separated scopes granted.', examples: ['payment-api orchestration-api'] }),
    token_type: StringEnum(['Bearer'] as const, { examples: ['Bearer'] }),
  },
  { $id: 'OAuthTokenResponse', description: 'An access token (RFC 6749 section 5.1).' },
);
export type OAuthTokenResponse = Static<typeof OAuthTokenResponse>;

export const SigningJwk = Type.Object(
  {
    kty: Type.String({ description: 'Key type.', examples: ['RSA'] }),
    e: Type.String({ description: 'RSA public exponent, base64url.', examples: ['AQAB'] }),
    kid: Type.String({
      description: 'Key id, matching the "kid" header of the signed token.',
      examples: ['2025-03-a'],
    }),
    n: Type.String({
      description: 'RSA modulus, base64url.',
      examples: ['0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4...'],
    }),
    alg: Type.Optional(Type.String({ description: 'Signature algorithm.', examples: ['RS256'] })),
    use: Type.Optional(Type.String({ description: 'Public key use.', examples: ['sig'] })),
  },
  { $id: 'SigningJwk', description: 'A public key (RFC 7517).' },
);
export type SigningJwk = Static<typeof SigningJwk>;

export const SigningJwks = Type.Object(
  {
    keys: Type.Array(Ref(SigningJwk), {
      description:
        'Keys verifying the JWS in the purse-redirection-data parameter of the shopper’s return; several during a rotation.',
    }),
  },
  { $id: 'SigningJwks', description: 'JSON Web Key Set of Tessera’s redirection signing keys.' },
);
export type SigningJwks = Static<typeof SigningJwks>;
