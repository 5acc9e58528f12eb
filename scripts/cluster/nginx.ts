// nginx in front of the api processes, as npm run start:cluster runs it: Debian's nginx with a
// configuration of its own (never the system's), written into the topology's run folder. The proxy
// settings are scripts/cluster/nginx/tessera-proxy.conf, which docker-compose.yml's nginx shares.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../platform/config';
import { answersHttp, until, type ProcessSpec } from './supervised-process';

export const proxySettingsFile = join(projectRoot, 'scripts', 'cluster', 'nginx', 'tessera-proxy.conf');

export function nginxBinary(): string {
  return execFileSync('bash', [join(projectRoot, 'scripts', 'ensure-nginx.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
}

/**
 * One line per request: which api answered ($upstream_addr, two when nginx retried on the next),
 * its status, and the api's request id. The cluster test reads it.
 */
const accessLogFormat =
  "'$time_iso8601 $request_method $request_uri $status upstream=$upstream_addr upstream_status=$upstream_status request_time=$request_time request_id=$upstream_http_x_request_id'";

export function nginxConfig(options: { runDir: string; listen: string; apis: string[]; accessLog: string }): string {
  const temp = (name: string) => join(options.runDir, 'temp', name);
  return `# Written by scripts/cluster/nginx.ts for npm run start:cluster; rewritten at every start.
worker_processes 2;
pid ${join(options.runDir, 'nginx.pid')};
error_log stderr warn;

events {
    worker_connections 1024;
}

http {
    log_format tessera ${accessLogFormat};
    access_log ${options.accessLog} tessera;
    client_body_temp_path ${temp('client_body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};

    upstream tessera_api {
${options.apis.map((api) => `        server ${api} max_fails=1 fail_timeout=5s;`).join('\n')}
        # Idle connections kept per nginx worker; nginx closes them after 60 s, before the api would
        # (TESSERA_KEEP_ALIVE_TIMEOUT_MS, 72 s).
        keepalive 32;
    }

    server {
        listen ${options.listen};
        include ${proxySettingsFile};
    }
}
`;
}

/** Writes the configuration, checks it with `nginx -t`, and describes the process. */
export function prepareNginx(options: {
  runDir: string;
  host: string;
  port: number;
  apis: string[];
  accessLog: string;
}): ProcessSpec {
  const binary = nginxBinary();
  mkdirSync(join(options.runDir, 'temp'), { recursive: true });
  const configFile = join(options.runDir, 'nginx.conf');
  writeFileSync(
    configFile,
    nginxConfig({
      runDir: options.runDir,
      listen: `${options.host}:${options.port}`,
      apis: options.apis,
      accessLog: options.accessLog,
    }),
  );
  const args = ['-p', options.runDir, '-c', configFile, '-e', 'stderr', '-g', 'daemon off;'];
  try {
    execFileSync(binary, [...args, '-t', '-q'], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    throw new Error(
      `nginx refuses ${configFile}:\n${(error as { stderr?: Buffer }).stderr?.toString() ?? String(error)}`,
    );
  }
  return {
    name: 'nginx',
    command: binary,
    args,
    env: { PATH: process.env.PATH ?? '/usr/sbin:/usr/bin:/bin' },
    // nginx answers /health by asking an api, which answers once it reaches Temporal, the database
    // and a polling worker: the whole chain.
    ready: ({ signal }) => until(answersHttp(`http://${options.host}:${options.port}/health`), signal, 250),
    readyTimeoutMs: 60_000,
    // Graceful: stop accepting, finish the requests in flight, then exit.
    stopSignal: 'SIGQUIT',
    stopGraceMs: 30_000,
  };
}
