// The table of the SDK and CDN reference page (docs/content/references/sdk-cdn-urls.mdx): every
// script this deployment serves to browsers, as its build found them, so a script added to the
// build appears here without editing the page.

import { Suspense, use } from 'react';
import { browserScripts, type BrowserScript } from './browser-scripts';

const EXAMPLE_ORIGIN = 'https://tessera.example.com';

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function Scripts() {
  const scripts = use(browserScripts());
  if (scripts === null)
    return (
      <p>
        This server has no list of its scripts: the build makes it (<code>npm run build:web</code>), and this server was
        not built.
      </p>
    );
  if (scripts.length === 0) return <p>This build serves no script to browsers.</p>;
  return (
    <>
      <div className="table-wrapper">
        <table className="browser-scripts">
          <thead>
            <tr>
              <th>Script</th>
              <th>Version line</th>
              <th>Size (gzip)</th>
              <th>Cache-Control</th>
              <th>Cross-origin</th>
            </tr>
          </thead>
          <tbody>
            {scripts.map((script) => (
              <tr key={script.url}>
                <td>
                  <code>{script.url}</code>
                </td>
                <td>{script.majorVersion ?? 'none'}</td>
                <td>
                  {kilobytes(script.gzipBytes)} ({kilobytes(script.bytes)})
                </td>
                <td>
                  <code>{script.headers['cache-control'] ?? 'none'}</code>
                </td>
                <td>{crossOrigin(script)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {scripts.map((script) => (
        <section key={script.url} className="browser-script">
          <h3 id={`script-${script.url.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`}>
            <code>{script.url}</code>
          </h3>
          <p>Subresource Integrity hash of the file this deployment serves:</p>
          <pre className="browser-script__integrity">
            <code>{script.integrity}</code>
          </pre>
          <pre>
            <code>{`<script src="${EXAMPLE_ORIGIN}${script.url}"\n        integrity="${script.integrity}"\n        crossorigin="anonymous" async></script>`}</code>
          </pre>
        </section>
      ))}
    </>
  );
}

function crossOrigin(script: BrowserScript): string {
  const allowOrigin = script.headers['access-control-allow-origin'];
  const resourcePolicy = script.headers['cross-origin-resource-policy'];
  if (allowOrigin === '*' && resourcePolicy === 'cross-origin') return 'any site (CORS *), integrity checkable';
  if (resourcePolicy === 'same-origin') return 'Tessera’s own pages only';
  return `Access-Control-Allow-Origin: ${allowOrigin ?? 'none'}`;
}

export function BrowserScriptList() {
  return (
    <Suspense fallback={<p>Loading the list of scripts this deployment serves…</p>}>
      <Scripts />
    </Suspense>
  );
}
