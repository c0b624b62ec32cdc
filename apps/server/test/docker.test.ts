import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { satisfies } from 'semver';
import { ConfigSchema } from '../src/config/config.js';

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  restart?: string;
  environment?: Record<string, string | number>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[]; interval?: string };
}

describe('docker compose deployment', () => {
  const compose = parse(readFileSync(root('docker-compose.yml'), 'utf8')) as {
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
    expect(dockerfile).toMatch(/^CMD \["node", "apps\/server\/dist\/src\/main.js"\]$/m);
  });

  it('keeps node_modules and builds out of the context', () => {
    const ignore = readFileSync(root('.dockerignore'), 'utf8').split('\n');
    expect(ignore).toContain('**/node_modules');
    expect(ignore).toContain('**/dist');
    expect(ignore).toContain('.git');
  });
});
