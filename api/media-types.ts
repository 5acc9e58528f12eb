// The API reads JSON. A form body is read only where a route says it takes one (its schema's
// `consumes`: the OAuth token endpoint, the operator's sign-in pages); elsewhere a form, like a
// text/plain body, answers 415 as any other media type does, rather than being parsed into an
// object the route's schema then refuses field by field, or into a string it refuses as a whole.
//
// A JSON body is read as bytes and refused unless they are UTF-8: decoded as they come, invalid
// bytes would become U+FFFD, and two different bodies would reach the routes, and PostgreSQL, as one
// value (two customers' wallet owner references naming one wallet).
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { badRequest, HttpProblem } from './errors/problem';

export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

/** A parse failure of a body that JSON.parse reads: secure parsing refused a prototype key. */
function refusesPrototypeKeys(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export function readBodiesByMediaType(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    // Browser HTTP clients often send their JSON content type on every call, a DELETE or a PATCH
    // that takes no body included: nothing to read is not an error where nothing is expected.
    if (bytes.length === 0 && request.routeOptions.schema?.body === undefined) {
      done(null, undefined);
      return;
    }
    if (!isUtf8(bytes)) {
      done(badRequest('the body is not UTF-8: send JSON encoded in UTF-8'), undefined);
      return;
    }
    const text = bytes.toString('utf8');
    void parseJson(request, text, (error, parsed) => {
      if (error && text.length > 0 && refusesPrototypeKeys(text)) {
        done(
          badRequest(
            'the body holds a "__proto__" key or a "constructor" key with a "prototype": no field is named so',
          ),
          undefined,
        );
        return;
      }
      done(error, parsed);
    });
  });
  app.addContentTypeParser(FORM_MEDIA_TYPE, { parseAs: 'string' }, (request, body, done) => {
    const consumes = request.routeOptions.schema?.consumes ?? [];
    if (!consumes.includes(FORM_MEDIA_TYPE)) {
      done(new HttpProblem(415, 'unsupported_media_type', 'send application/json'), undefined);
      return;
    }
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });
}
