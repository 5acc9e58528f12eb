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
  await app.register(fastifyStatic, { root: distDir, wildcard: false, index: ['index.html'], cacheControl: false, preCompressed: false });
  return true;
}

export function isApiPath(path: string): boolean {
  return /^\/(v2|oauth|wallet|payment|checkout|openapi\/.+\.json|health|metrics|partners)(\/|$)/.test(path);
}
