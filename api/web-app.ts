// Serves the built React app (hosted page, widget, docs). Unknown paths get index.html so the
// client-side router renders the page, or its not-found page.
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../platform/config';

export const webDistDir = join(projectRoot, 'web', 'dist');

export async function registerWebApp(app: FastifyInstance, distDir = webDistDir): Promise<boolean> {
  if (!existsSync(join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: ['index.html'],
    cacheControl: false,
    preCompressed: false,
  });
  return true;
}

/**
 * The page a browser address gets: the hosted payment page has its own HTML entry (React and the
 * checkout only, no docs router) when the build has one; every other page address gets index.html.
 */
export function appPageFor(path: string, distDir = webDistDir): string {
  if (/^\/entities\/[^/]+\/sessions\/[^/]+\/?$/.test(path) && existsSync(join(distDir, 'checkout.html')))
    return 'checkout.html';
  return 'index.html';
}

export function isApiPath(path: string): boolean {
  // `/wallet` and `/wallet/` are the wallet API's reference page; anything below is the API.
  return (
    /^\/(v2|oauth|payment|checkout|openapi\/.+\.json|health|metrics|partners|temporal-codec)(\/|$)/.test(path) ||
    /^\/wallet\/./.test(path)
  );
}
