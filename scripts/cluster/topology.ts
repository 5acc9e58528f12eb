// The production topology, described once: which services run, how many of each, and the
// environment each one gets. npm run start:cluster, its test and the bench start processes from
// these; docker-compose.yml runs the same services from official images, and
// scripts/cluster/compose.test.ts holds it to the same names, counts and variables.
import { join } from 'node:path';
import { projectRoot } from '../../platform/config';
import { searchAttributeFlags } from '../../temporal/search-attributes';

export const clusterDir = join(projectRoot, 'temporal', 'cluster');

/** The services, in start order; `replicas` processes of each (api-1, api-2...). */
export const services = [
  { name: 'postgresql', replicas: 1 },
  { name: 'temporal-schema', replicas: 1, oneShot: true },
  { name: 'temporal', replicas: 1 },
  { name: 'temporal-namespace', replicas: 1, oneShot: true },
  { name: 'temporal-ui', replicas: 1 },
  { name: 'sandbox-partners', replicas: 1 },
  { name: 'worker', replicas: 2 },
  { name: 'api', replicas: 2 },
  { name: 'nginx', replicas: 1 },
] as const;

export type ServiceName = (typeof services)[number]['name'];

export const replicasOf = (name: ServiceName): number => services.find((service) => service.name === name)!.replicas;

/**
 * Variables that only exist because every process shares one host here: the ports of the Temporal
 * server's internal services and of the worker metrics (each container has its own network
 * namespace and keeps the defaults), and where the binaries were built (the images have them on PATH).
 */
export const hostOnlyVariables: Partial<Record<ServiceName, readonly string[]>> = {
  // The image's init scripts reach its fresh server as its superuser without them.
  postgresql: ['PGHOST', 'PGPORT', 'PGUSER', 'PGPASSWORD'],
  'temporal-schema': ['TEMPORAL_SQL_TOOL', 'TEMPORAL_SCHEMA_DIR'],
  temporal: [
    'FRONTEND_GRPC_PORT',
    'FRONTEND_HTTP_PORT',
    'FRONTEND_MEMBERSHIP_PORT',
    'HISTORY_GRPC_PORT',
    'HISTORY_MEMBERSHIP_PORT',
    'MATCHING_GRPC_PORT',
    'MATCHING_MEMBERSHIP_PORT',
    'WORKER_GRPC_PORT',
    'WORKER_MEMBERSHIP_PORT',
  ],
  'temporal-namespace': ['TEMPORAL_CLI'],
};

export const temporalDatabase = { user: 'temporal', database: 'temporal', visibility: 'temporal_visibility' } as const;
export const appDatabase = { user: 'tessera', database: 'tessera' } as const;

export interface PostgresAddress {
  host: string;
  port: number;
}

export interface TemporalServerPorts {
  frontend: number;
  frontendHttp: number;
  frontendMembership: number;
  history: number;
  historyMembership: number;
  matching: number;
  matchingMembership: number;
  worker: number;
  workerMembership: number;
}

/**
 * PostgreSQL's superuser password (initdb here, the image's own variable in compose) and the
 * passwords scripts/cluster/create-roles.sh gives Temporal's and Tessera's roles.
 */
export function postgresEnvironment(passwords: { superuser: string; temporal: string; tessera: string }) {
  return {
    POSTGRES_PASSWORD: passwords.superuser,
    TEMPORAL_DB_PASSWORD: passwords.temporal,
    TESSERA_DB_PASSWORD: passwords.tessera,
  };
}

const temporalDatabaseEnvironment = (postgres: PostgresAddress, password: string) => ({
  POSTGRES_SEEDS: postgres.host,
  DB_PORT: String(postgres.port),
  POSTGRES_USER: temporalDatabase.user,
  POSTGRES_PWD: password,
  DBNAME: temporalDatabase.database,
  VISIBILITY_DBNAME: temporalDatabase.visibility,
});

/** temporal/cluster/setup-schema.sh */
export function temporalSchemaEnvironment(options: {
  postgres: PostgresAddress;
  password: string;
  sqlTool: string;
  schemaDir: string;
}): Record<string, string> {
  return {
    ...temporalDatabaseEnvironment(options.postgres, options.password),
    TEMPORAL_SQL_TOOL: options.sqlTool,
    TEMPORAL_SCHEMA_DIR: options.schemaDir,
  };
}

/** The Temporal server (temporal/cluster/temporal-server.yaml reads these). */
export function temporalServerEnvironment(options: {
  postgres: PostgresAddress;
  password: string;
  bindIp: string;
  ports: TemporalServerPorts;
  metricsAddress: string;
}): Record<string, string> {
  const { ports } = options;
  return {
    ...temporalDatabaseEnvironment(options.postgres, options.password),
    TEMPORAL_SERVER_CONFIG_FILE_PATH: join(clusterDir, 'temporal-server.yaml'),
    DYNAMIC_CONFIG_FILE_PATH: join(clusterDir, 'dynamic-config.yaml'),
    TEMPORAL_ALLOW_NO_AUTH: 'true',
    NUM_HISTORY_SHARDS: '4',
    BIND_ON_IP: options.bindIp,
    PROMETHEUS_ENDPOINT: options.metricsAddress,
    LOG_LEVEL: 'warn',
    FRONTEND_GRPC_PORT: String(ports.frontend),
    FRONTEND_HTTP_PORT: String(ports.frontendHttp),
    FRONTEND_MEMBERSHIP_PORT: String(ports.frontendMembership),
    HISTORY_GRPC_PORT: String(ports.history),
    HISTORY_MEMBERSHIP_PORT: String(ports.historyMembership),
    MATCHING_GRPC_PORT: String(ports.matching),
    MATCHING_MEMBERSHIP_PORT: String(ports.matchingMembership),
    WORKER_GRPC_PORT: String(ports.worker),
    WORKER_MEMBERSHIP_PORT: String(ports.workerMembership),
  };
}

/** temporal/cluster/create-namespace.sh */
export function temporalNamespaceEnvironment(options: {
  temporalAddress: string;
  cli: string;
}): Record<string, string> {
  return {
    TEMPORAL_ADDRESS: options.temporalAddress,
    TEMPORAL_NAMESPACE: 'default',
    TEMPORAL_NAMESPACE_RETENTION: '720h',
    TESSERA_SEARCH_ATTRIBUTES: searchAttributesValue(),
    TEMPORAL_CLI: options.cli,
  };
}

/** As create-namespace.sh takes them: Name=Type pairs, comma-separated. */
export const searchAttributesValue = () =>
  Object.entries(searchAttributeFlags)
    .map(([name, type]) => `${name}=${type}`)
    .join(',');

/** The Temporal UI server (temporal/cluster/ui-config/docker.yaml reads these). */
export function temporalUiEnvironment(options: {
  temporalAddress: string;
  ip: string;
  port: number;
  publicUrl: string;
  /** Tessera's codec endpoint as the operators' browsers reach it: the UI shows payloads decrypted. */
  codecEndpoint: string;
}): Record<string, string> {
  return {
    TEMPORAL_ADDRESS: options.temporalAddress,
    TEMPORAL_CODEC_ENDPOINT: options.codecEndpoint,
    TEMPORAL_UI_IP: options.ip,
    TEMPORAL_UI_PORT: String(options.port),
    TEMPORAL_NAMESPACE: 'default',
    TEMPORAL_UI_PUBLIC_URL: options.publicUrl,
    // Plain http on loopback (or behind the operators' own TLS proxy): a Secure cookie would not stick.
    TEMPORAL_CSRF_COOKIE_INSECURE: 'true',
  };
}

export function sandboxEnvironment(options: {
  host: string;
  port: number;
  notificationSecret: string;
  /** Its books (schema sandbox_network), so that a restart of the sandbox forgets no transaction. */
  databaseUrl: string;
}) {
  return {
    SANDBOX_HOST: options.host,
    SANDBOX_PORT: String(options.port),
    SANDBOX_NOTIFICATION_SECRET: options.notificationSecret,
    SANDBOX_DATABASE_URL: options.databaseUrl,
  };
}

/** What every api and worker process needs. */
export interface AppEnvironment {
  databaseUrl: string;
  temporalAddress: string;
  /** base64 of 32 bytes: the same in every process. */
  encryptionKey: string;
  publicUrl: string;
  sandboxUrl: string;
  notificationSecret: string;
}

const appEnvironment = (app: AppEnvironment) => ({
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  DATABASE_URL: app.databaseUrl,
  TEMPORAL_ADDRESS: app.temporalAddress,
  TEMPORAL_NAMESPACE: 'default',
  TESSERA_ENCRYPTION_KEY: app.encryptionKey,
  TESSERA_PUBLIC_URL: app.publicUrl,
  SANDBOX_PARTNERS_URL: app.sandboxUrl,
  SANDBOX_NOTIFICATION_SECRET: app.notificationSecret,
});

export function workerEnvironment(app: AppEnvironment, options: { metricsAddress: string }) {
  return {
    ...appEnvironment(app),
    TESSERA_WORKER_METRICS_ADDRESS: options.metricsAddress,
    TESSERA_WORKER_SHUTDOWN_GRACE_MS: '10000',
    TESSERA_WORKER_SHUTDOWN_FORCE_MS: '20000',
  };
}

export function apiEnvironment(
  app: AppEnvironment,
  options: {
    host: string;
    port: number;
    trustProxy: string;
    /** Opens the codec endpoint (/temporal-codec) to operators; empty: closed. */
    operatorToken: string;
    /** The Temporal UI's origin, allowed to call the codec endpoint with the operator's sign-in cookie. */
    temporalUiOrigin: string;
  },
) {
  return {
    ...appEnvironment(app),
    HOST: options.host,
    PORT: String(options.port),
    TESSERA_OPERATOR_TOKEN: options.operatorToken,
    TESSERA_TEMPORAL_UI_ORIGINS: options.temporalUiOrigin,
    // nginx is the only client of the api processes: its x-forwarded-for names the shopper.
    TESSERA_TRUST_PROXY: options.trustProxy,
    TESSERA_SHUTDOWN_GRACE_MS: '20000',
  };
}
