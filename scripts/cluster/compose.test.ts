// docker-compose.yml and npm run start:cluster describe one topology: the same services and replica
// counts (scripts/cluster/topology.ts), the same releases (temporal/cluster/versions.env), the same
// variables for each service, and the same configuration files. Nothing here runs Docker: the
// compose file is read as YAML and compared with what the launcher gives its processes.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../platform/config';
import { searchAttributeFlags } from '../../temporal/search-attributes';
import { clusterVersions } from '../../temporal/cluster/versions';
import {
  apiEnvironment,
  hostOnlyVariables,
  postgresEnvironment,
  sandboxEnvironment,
  searchAttributesValue,
  services,
  temporalNamespaceEnvironment,
  temporalSchemaEnvironment,
  temporalServerEnvironment,
  temporalUiEnvironment,
  workerEnvironment,
  type ServiceName,
} from './topology';

interface ComposeService {
  image?: string;
  restart?: string;
  build?: unknown;
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  deploy?: { replicas?: number };
  depends_on?: Record<string, { condition: string }>;
}

// `merge: true`: the compose file shares environments through YAML merge keys (<<), as Compose does.
const compose = parse(readFileSync(join(projectRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const service = (name: string): ComposeService => {
  const found = compose.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service ${name}`);
  return found;
};
const versions = clusterVersions();

// What the launcher gives each service, with placeholder values: only the names are compared.
const app = {
  databaseUrl: 'postgres://x',
  temporalAddress: 'x:1',
  encryptionKey: 'x',
  publicUrl: 'http://x',
  sandboxUrl: 'http://x',
  notificationSecret: 'x',
};
const temporalPorts = {
  frontend: 1,
  frontendHttp: 1,
  frontendMembership: 1,
  history: 1,
  historyMembership: 1,
  matching: 1,
  matchingMembership: 1,
  worker: 1,
  workerMembership: 1,
};
const postgresAddress = { host: 'x', port: 1 };
const launched: Record<ServiceName, Record<string, string>> = {
  postgresql: {
    ...postgresEnvironment({ superuser: 'x', temporal: 'x', tessera: 'x' }),
    PGHOST: 'x',
    PGPORT: '1',
    PGUSER: 'x',
    PGPASSWORD: 'x',
  },
  'temporal-schema': temporalSchemaEnvironment({
    postgres: postgresAddress,
    password: 'x',
    sqlTool: 'x',
    schemaDir: 'x',
  }),
  temporal: temporalServerEnvironment({
    postgres: postgresAddress,
    password: 'x',
    bindIp: 'x',
    ports: temporalPorts,
    metricsAddress: 'x',
  }),
  'temporal-namespace': temporalNamespaceEnvironment({ temporalAddress: 'x', cli: 'x' }),
  'temporal-ui': temporalUiEnvironment({ temporalAddress: 'x', ip: 'x', port: 1, publicUrl: 'x', codecEndpoint: 'x' }),
  'sandbox-partners': sandboxEnvironment({ host: 'x', port: 1, notificationSecret: 'x', databaseUrl: 'x' }),
  worker: workerEnvironment(app, { metricsAddress: 'x' }),
  api: apiEnvironment(app, { host: 'x', port: 1, trustProxy: 'x', operatorToken: 'x', temporalUiOrigin: 'x' }),
  nginx: {},
};

describe('docker-compose.yml', () => {
  it('runs the services of the topology, as many of each', () => {
    expect(Object.keys(compose.services).sort()).toEqual(services.map((s) => s.name).sort());
    for (const { name, replicas } of services) expect(service(name).deploy?.replicas ?? 1, name).toBe(replicas);
  });

  it('runs the releases pinned in temporal/cluster/versions.env', () => {
    expect(service('temporal').image).toBe(`temporalio/server:${versions.temporalServer}`);
    expect(service('temporal-schema').image).toBe(`temporalio/admin-tools:${versions.temporalServer}`);
    expect(service('temporal-namespace').image).toBe(`temporalio/admin-tools:${versions.temporalServer}`);
    expect(service('temporal-ui').image).toBe(`temporalio/ui:${versions.temporalUi}`);
    expect(service('postgresql').image).toBe(`postgres:${versions.postgres}`);
    expect(service('nginx').image).toMatch(new RegExp(`^nginx:${versions.nginx.replace('.', '\\.')}(-|$)`));
    // Not the deprecated image that set the schema up itself.
    expect(JSON.stringify(compose)).not.toContain('auto-setup');
  });

  it('gives each service the variables start:cluster gives its process, but for those of one shared host', () => {
    for (const { name } of services) {
      const expected = Object.keys(launched[name])
        .filter((variable) => !(hostOnlyVariables[name] ?? []).includes(variable))
        .sort();
      expect(Object.keys(service(name).environment ?? {}).sort(), name).toEqual(expected);
    }
  });

  it('gives the same values where they are not addresses or secrets', () => {
    const same = (name: ServiceName, variables: string[]) => {
      for (const variable of variables)
        expect(service(name).environment?.[variable], `${name} ${variable}`).toBe(launched[name][variable]);
    };
    same('temporal', [
      'TEMPORAL_ALLOW_NO_AUTH',
      'NUM_HISTORY_SHARDS',
      'LOG_LEVEL',
      'DBNAME',
      'VISIBILITY_DBNAME',
      'POSTGRES_USER',
    ]);
    same('temporal-schema', ['DBNAME', 'VISIBILITY_DBNAME', 'POSTGRES_USER']);
    same('temporal-namespace', ['TEMPORAL_NAMESPACE', 'TEMPORAL_NAMESPACE_RETENTION', 'TESSERA_SEARCH_ATTRIBUTES']);
    same('temporal-ui', ['TEMPORAL_NAMESPACE', 'TEMPORAL_CSRF_COOKIE_INSECURE']);
    for (const name of ['worker', 'api'] as const) same(name, ['NODE_ENV', 'LOG_LEVEL', 'TEMPORAL_NAMESPACE']);
    same('worker', ['TESSERA_WORKER_SHUTDOWN_GRACE_MS', 'TESSERA_WORKER_SHUTDOWN_FORCE_MS']);
    same('api', ['TESSERA_SHUTDOWN_GRACE_MS']);
    // Every search attribute the workflows set (temporal/search-attributes.ts) is created.
    expect(searchAttributesValue()).toBe(
      Object.entries(searchAttributeFlags)
        .map(([attribute, type]) => `${attribute}=${type}`)
        .join(','),
    );
  });

  it('mounts the configuration files start:cluster uses, where the variables point', () => {
    const mounts = (name: string) =>
      new Map(
        (service(name).volumes ?? [])
          .filter((volume) => volume.startsWith('./'))
          .map((volume) => {
            const [host, target] = volume.split(':');
            return [host!.slice(2), target!] as const;
          }),
      );
    for (const [, volumes] of Object.keys(compose.services).map((name) => [name, mounts(name)] as const))
      for (const host of volumes.keys()) expect(existsSync(join(projectRoot, host)), host).toBe(true);

    const temporal = mounts('temporal');
    const temporalEnv = service('temporal').environment!;
    expect(temporal.get('temporal/cluster/temporal-server.yaml')).toBe(temporalEnv.TEMPORAL_SERVER_CONFIG_FILE_PATH);
    expect(temporal.get('temporal/cluster/dynamic-config.yaml')).toBe(temporalEnv.DYNAMIC_CONFIG_FILE_PATH);
    expect(service('temporal-schema').entrypoint).toEqual([
      'sh',
      mounts('temporal-schema').get('temporal/cluster/setup-schema.sh'),
    ]);
    expect(service('temporal-namespace').entrypoint).toEqual([
      'sh',
      mounts('temporal-namespace').get('temporal/cluster/create-namespace.sh'),
    ]);
    // Where the temporalio/ui image reads its configuration.
    expect(mounts('temporal-ui').get('temporal/cluster/ui-config/docker.yaml')).toBe(
      '/home/ui-server/config/docker.yaml',
    );
    expect(mounts('postgresql').get('scripts/cluster/create-roles.sh')).toMatch(/^\/docker-entrypoint-initdb\.d\//);
    const nginx = mounts('nginx');
    expect(nginx.get('scripts/cluster/nginx/compose.conf')).toBe('/etc/nginx/conf.d/default.conf');
    const included = /include (\S+);/.exec(
      readFileSync(join(projectRoot, 'scripts/cluster/nginx/compose.conf'), 'utf8'),
    )?.[1];
    expect(nginx.get('scripts/cluster/nginx/tessera-proxy.conf')).toBe(included);
  });

  it('runs the processes from the production build, as the launcher does', () => {
    expect(service('api').command).toEqual(['node', 'api/main.js']);
    expect(service('worker').command).toEqual(['node', 'temporal/worker-main.js']);
    expect(service('sandbox-partners').command).toEqual(['node', 'partners/sandbox-network/main.js']);
  });

  it('starts the services in the topology order', () => {
    const order = services.map((s) => s.name as string);
    for (const [name, definition] of Object.entries(compose.services))
      for (const dependency of Object.keys(definition.depends_on ?? {}))
        expect(order.indexOf(dependency), `${name} after ${dependency}`).toBeLessThan(order.indexOf(name));
    // A one-shot step runs to completion before what needs it starts, and only again if it failed.
    for (const step of services.filter((s) => 'oneShot' in s)) {
      expect(service(step.name).restart, step.name).toBe('on-failure');
      const waiting = Object.entries(compose.services).filter(
        ([, definition]) => definition.depends_on?.[step.name]?.condition === 'service_completed_successfully',
      );
      expect(waiting.length, `services waiting for ${step.name}`).toBeGreaterThan(0);
    }
    expect(service('temporal').depends_on?.['temporal-schema']?.condition).toBe('service_completed_successfully');
  });
});
