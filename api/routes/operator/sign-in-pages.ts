// The operator's sign-in pages of the codec endpoint (./temporal-codec.ts): plain HTML, no script and
// no style, so the pages' Content-Security-Policy (api/security-headers.ts) holds them as they are.
import type { OperatorAccess } from '../../auth/operator';

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} · Tessera operators</title></head>
<body>
<h1>${escape(title)}</h1>
${body}
</body>
</html>
`;
}

export function operatorPages(operators: OperatorAccess, basePath: string) {
  return {
    form(error?: string): string {
      return page(
        'Read payloads in the Temporal UI',
        `<p>Temporal holds Tessera's workflow payloads encrypted. Sign in with the operator token
(<code>TESSERA_OPERATOR_TOKEN</code>; under <code>npm start</code>, the file <code>.data/operator.token</code>)
and the Temporal UI decrypts them through this api for this browser.</p>
${error ? `<p role="alert"><strong>${escape(error)}</strong></p>` : ''}
<form method="post" action="${basePath}/sign-in">
<label>Operator token <input type="password" name="token" autocomplete="current-password" required autofocus></label>
<button type="submit">Sign in</button>
</form>
${operators.configured ? '' : '<p>No operator token is configured on this api: nobody can sign in.</p>'}`,
      );
    },
    signedIn(expiresAt: Date, uiOrigins: string[]): string {
      const links = uiOrigins.map((origin) => `<li><a href="${escape(origin)}">${escape(origin)}</a></li>`).join('');
      return page(
        'Signed in',
        `<p>This browser may read payloads until ${escape(expiresAt.toISOString())}.</p>
<p>In the Temporal UI, the codec endpoint (<code>${escape(basePath)}</code> of this api) must be called with
credentials: <code>codec.includeCredentials: true</code> in the UI server's configuration
(<code>TEMPORAL_CODEC_INCLUDE_CREDENTIALS=true</code>), or, in the UI of <code>temporal server start-dev</code>,
once per browser, in its Codec Server settings: the same endpoint as the browser endpoint, "Include cross-origin
credentials" ticked, and "Use my browser setting".</p>
<ul>${links}</ul>
<form method="post" action="${basePath}/sign-out"><button type="submit">Sign out</button></form>`,
      );
    },
    signedOut(): string {
      return page('Signed out', `<p><a href="${basePath}/sign-in">Sign in again</a></p>`);
    },
    notConfigured(): string {
      return page('Operator access is off', '<p>Set <code>TESSERA_OPERATOR_TOKEN</code> on the api to use it.</p>');
    },
  };
}
