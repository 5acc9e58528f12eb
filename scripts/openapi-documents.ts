// The OpenAPI documents exactly as the api serves them at /openapi/{v1,v2,wallet}.json, built from an
// api that is never listened on: the database and Temporal connections are lazy and never used.
import { connect } from '../db/connection';
import { buildApi } from '../api/server';
import type { ApiFamily } from '../api/openapi';
import { loadConfig } from '../platform/config';
import { lazyClient } from '../temporal/client';

export const API_FAMILIES: readonly ApiFamily[] = ['v1', 'v2', 'wallet'];

export type OpenApiDocument = { paths?: Record<string, unknown> } & Record<string, unknown>;

export async function servedOpenApiDocuments(): Promise<Record<ApiFamily, OpenApiDocument>> {
  const sql = connect('postgres://unused@127.0.0.1:1/unused', { max: 1 });
  const config = loadConfig();
  const temporal = lazyClient({ ...config, temporalAddress: '127.0.0.1:1' });
  const app = await buildApi({ config, sql, temporal, logLevel: 'silent', serveWebApp: false });
  try {
    await app.ready();
    const documents: Partial<Record<ApiFamily, OpenApiDocument>> = {};
    for (const family of API_FAMILIES) {
      const response = await app.inject({ method: 'GET', url: `/openapi/${family}.json` });
      if (response.statusCode !== 200)
        throw new Error(`could not generate the ${family} document: ${response.statusCode}`);
      documents[family] = response.json();
    }
    return documents as Record<ApiFamily, OpenApiDocument>;
  } finally {
    await app.close();
    await sql.end();
  }
}
