// The API reads JSON. A form body is read only where a route says it takes one (its schema's
// `consumes`: the OAuth token endpoint, the operator's sign-in pages); elsewhere a form, like a
// text/plain body, answers 415 as any other media type does, rather than being parsed into an
// object the route's schema then refuses field by field, or into a string it refuses as a whole.
import type { FastifyInstance } from 'fastify';
import { HttpProblem } from './errors/problem';

export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

export function readBodiesByMediaType(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(FORM_MEDIA_TYPE, { parseAs: 'string' }, (request, body, done) => {
    const consumes = request.routeOptions.schema?.consumes ?? [];
    if (!consumes.includes(FORM_MEDIA_TYPE)) {
      done(new HttpProblem(415, 'unsupported_media_type', 'send application/json'), undefined);
      return;
    }
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });
}
