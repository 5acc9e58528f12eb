/**
 * Route schemas of API v1 go through {@link v1RouteSchema}: every v1 operation is deprecated in
 * /openapi/v1.json (api/openapi.ts copies `deprecated` from the route schema onto the operation)
 * and grouped under one tag.
 *
 *   app.post('/payment/v1/:entity/sessions/create', {
 *     schema: v1RouteSchema({ body: Ref(V1CreateSessionApplication), response: { 201: Ref(V1SessionProtocols) } }),
 *   }, handler);
 *
 * Only `/payment/v1/…` routes appear in the v1 document (api/openapi.ts's familyOf); the host-root
 * aliases (`/{entity}/sessions/create`) are hidden from every document, which is right: one
 * documented path per operation.
 */
export const V1_TAG = 'API v1 (deprecated)';

export function v1RouteSchema<T extends object>(schema: T): T & { deprecated: true; tags: string[] } {
  const existing = 'tags' in schema && Array.isArray(schema.tags) ? schema.tags.map(String) : [];
  return { ...schema, deprecated: true, tags: existing.includes(V1_TAG) ? existing : [V1_TAG, ...existing] };
}
