import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { satisfies } from 'semver';
import { ConfigSchema } from '../src/config/config.js';
import { SERVER_NODE_FLAGS } from '../src/start/node-flags.js';
import { NGINX_CONF, testNginxConfig, writeNginxConfig } from './support/nginx.js';

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

interface ComposeService {
  profiles?: string[];
  image?: string;
  build?: { context: string; dockerfile: string };
  restart?: string;
  environment?: Record<string, string | number>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[]; interval?: string };
  deploy?: { replicas?: string | number };
}

describe('docker compose deployment', () => {
  // Merge keys (`<<: *server-environment`) as Docker Compose reads them.
  const compose = parse(readFileSync(root('docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
    volumes: Record<string, unknown>;
  };

  it('runs PostgreSQL 16 on a named volume with a healthcheck', () => {
    const db = compose.services.db;
    expect(db?.image).toBe('postgres:16');
    expect(db?.restart).toBe('unless-stopped');
    expect(db?.volumes).toContain('db-data:/var/lib/postgresql/data');
    expect(Object.keys(compose.volumes)).toContain('db-data');
    expect(db?.healthcheck?.test.join(' ')).toMatch(/pg_isready/);
  });

  it('builds the server from the repository root and waits for a healthy database', () => {
    const server = compose.services.server;
    expect(server?.build).toEqual({ context: '.', dockerfile: 'apps/server/Dockerfile' });
    expect(server?.depends_on?.db?.condition).toBe('service_healthy');
    expect(server?.restart).toBe('unless-stopped');
    expect(server?.ports?.some((p) => p.endsWith(':3000'))).toBe(true);
    expect(server?.healthcheck?.test.join(' ')).toMatch(/\/healthz/);
  });

  it('configures the server by environment variables the server knows', () => {
    const environment = compose.services.server?.environment ?? {};
    expect(String(environment.DATABASE_URL)).toMatch(/^postgresql:\/\/.*@db:5432\//);
    const known = Object.keys(ConfigSchema.shape);
    for (const name of Object.keys(environment)) expect(known).toContain(name);
  });

  it('profile scale: REPLICAS server processes on the same database, trusting the proxy', () => {
    const { server, replica } = compose.services;
    expect(server?.profiles).toBeUndefined();
    expect(replica?.profiles).toEqual(['scale']);
    expect(replica?.deploy?.replicas).toBe('${REPLICAS:-3}');
    expect(replica?.build).toEqual(server?.build);
    expect(replica?.image).toBe(server?.image);
    expect(replica?.depends_on?.db?.condition).toBe('service_healthy');
    expect(replica?.healthcheck?.test.join(' ')).toMatch(/\/healthz/);
    // Reached only through the proxy: a fixed published port would clash between replicas.
    expect(replica?.ports).toBeUndefined();
    const environment = replica?.environment ?? {};
    expect(environment.DATABASE_URL).toBe(server?.environment?.DATABASE_URL);
    expect(environment.TRUST_PROXY).toBe('true');
    // Several processes must hear each other's commits and seat changes; one alone need not.
    expect(environment.CLUSTER).toBe('on');
    expect(server?.environment?.CLUSTER).toBe('${CLUSTER:-off}');
    const known = Object.keys(ConfigSchema.shape);
    for (const name of Object.keys(environment)) expect(known).toContain(name);
  });

  it('profile scale: nginx in front, with the repository config mounted, once replicas are healthy', () => {
    const proxy = compose.services.proxy;
    expect(proxy?.profiles).toEqual(['scale']);
    expect(proxy?.image).toMatch(/^nginx:/);
    expect(proxy?.volumes).toContain('./deploy/nginx/nginx.conf:/etc/nginx/nginx.conf:ro');
    expect(proxy?.depends_on?.replica?.condition).toBe('service_healthy');
    expect(proxy?.ports).toEqual(['${PROXY_PORT:-8080}:80']);
    // The mounted file is the one this repository keeps, aimed at the replicas' service name.
    expect(readFileSync(NGINX_CONF, 'utf8')).toMatch(/^\s*server replica:3000\b/m);
  });
});

describe('nginx config for several processes (deploy/nginx/nginx.conf)', () => {
  const conf = readFileSync(NGINX_CONF, 'utf8');
  const location = conf.slice(conf.indexOf('location / {'));

  it('passes WebSocket upgrades through, with timeouts beyond Socket.io heartbeats', () => {
    expect(location).toMatch(/proxy_http_version 1\.1;/);
    expect(location).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(location).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
    expect(conf).toMatch(/map \$http_upgrade \$connection_upgrade \{\s*default upgrade;/);
    // pingInterval 25 s + pingTimeout 20 s: a quiet socket is not cut before Socket.io would.
    for (const directive of ['proxy_read_timeout', 'proxy_send_timeout']) {
      const seconds = Number(new RegExp(`${directive} (\\d+)s;`).exec(location)?.[1]);
      expect(seconds).toBeGreaterThanOrEqual(45);
    }
    expect(location).toMatch(/proxy_connect_timeout \d+s;/);
  });

  it('is sticky by the whole client address, and forwards it without trusting the client', () => {
    const upstream = conf.slice(conf.indexOf('upstream outer_rim {'), conf.indexOf('server {'));
    expect(upstream).toMatch(/^\s*hash \$remote_addr consistent;$/m);
    expect(upstream).not.toMatch(/^\s*ip_hash;/m);
    expect(location).toMatch(/proxy_pass http:\/\/outer_rim;/);
    expect(location).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(location).not.toMatch(/proxy_add_x_forwarded_for/);
  });

  it('is accepted by nginx -t (upstream addresses set to this machine)', async () => {
    const { prefix, conf: path } = await writeNginxConfig(
      ['127.0.0.1:3001', '127.0.0.1:3002', '127.0.0.1:3003'],
      8080,
    );
    try {
      const result = testNginxConfig(prefix, path);
      expect(result.output).toMatch(/test is successful/);
      expect(result.ok).toBe(true);
    } finally {
      await rm(prefix, { recursive: true, force: true });
    }
  });
});

describe('server Dockerfile', () => {
  const dockerfile = readFileSync(root('apps/server/Dockerfile'), 'utf8');
  const instructions = dockerfile
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));

  it('is multi-stage on a supported Node LTS release (Node 20 reached its end of life in April 2026)', () => {
    const froms = instructions.filter((line) => line.startsWith('FROM '));
    expect(froms).toHaveLength(2);
    const bases = froms.map((line) => /^FROM node:(\d+)-slim AS (build|runtime)$/.exec(line));
    expect(bases.map((m) => m?.[2])).toEqual(['build', 'runtime']);
    const majors = new Set(bases.map((m) => Number(m?.[1])));
    // One release for both stages, and one of the LTS lines still supported: 22 (until
    // April 2027) or 24 (until April 2028).
    expect(majors.size).toBe(1);
    const [major] = [...majors];
    expect([22, 24]).toContain(major);
    // The image runs what the root package.json says it supports.
    const { engines } = JSON.parse(readFileSync(root('package.json'), 'utf8')) as {
      engines: { node: string };
    };
    expect(satisfies(`${String(major)}.99.0`, engines.node)).toBe(true);
  });

  it('builds with npm ci and ships migrations, a healthcheck and an unprivileged user', () => {
    expect(dockerfile).toMatch(/RUN npm ci/);
    expect(dockerfile).toMatch(/COPY --from=build \/app\/migrations migrations/);
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/healthz/);
    expect(dockerfile).toMatch(/^USER node$/m);
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd ?? 'null')).toEqual([
      'node',
      ...SERVER_NODE_FLAGS,
      'apps/server/dist/src/main.js',
    ]);
  });

  it('keeps node_modules and builds out of the context', () => {
    const ignore = readFileSync(root('.dockerignore'), 'utf8').split('\n');
    expect(ignore).toContain('**/node_modules');
    expect(ignore).toContain('**/dist');
    expect(ignore).toContain('.git');
  });
});
