import { intFromEnvOr } from '../platform/env';

/** Where `npm start` serves its embedded database; merchant:create finds it there. */
export const embeddedDatabasePort = intFromEnvOr('TESSERA_EMBEDDED_DB_PORT', 54320);
export const embeddedDatabaseUrl = `postgres://postgres:postgres@127.0.0.1:${embeddedDatabasePort}/postgres`;
