import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as protocol from '@outer-rim/protocol';
import { buildApp } from '../src/app.js';
import type { App } from '../src/app.js';
import { ConfigSchema } from '../src/config/config.js';
import { prepareBackend } from './support/backends.js';
import type { Backend } from './support/backends.js';

// The README is for the people who arrive; docs/ holds the host's manual, the client author's
// contract and the rest. These tests keep what they say true to the code.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const readme = read('README.md');
const hosting = read('docs/hosting.md');
const protocolDoc = read('docs/protocol.md');

/** The text of `doc` from the heading `heading` to the next heading of its level or above. */
function section(doc: string, heading: string): string {
  const start = doc.indexOf(`\n${heading}\n`);
  expect(start, heading).toBeGreaterThan(0);
  const level = /^#+/.exec(heading)?.[0] ?? '##';
  const next = doc
    .slice(start + heading.length + 2)
    .search(new RegExp(`^#{1,${level.length}} `, 'm'));
  return next === -1 ? doc.slice(start) : doc.slice(start, start + heading.length + 2 + next);
}

describe('docs/hosting.md, the host guide', () => {
  it('documents every configuration variable', () => {
    const missing = Object.keys(ConfigSchema.shape).filter(
      (name) => !hosting.includes(`\`${name}\``),
    );
    expect(missing).toEqual([]);
  });

  it('says, for every limit, what a client gets when it hits it', () => {
    const limitsSection = section(hosting, '## Limits, and what a client gets when it hits one');
    const limits = Object.keys(ConfigSchema.shape).filter((name) =>
      /LIMIT|BURST|RATE|PER_MINUTE/.test(name),
    );
    expect(limits.length).toBeGreaterThanOrEqual(11);
    const missing = limits.filter((name) => !limitsSection.includes(`\`${name}\``));
    expect(missing).toEqual([]);
    for (const code of [
      'RATE_LIMITED',
      'PAYLOAD_TOO_LARGE',
      'BAD_REQUEST',
      'STALE_STATE',
      'UNAVAILABLE',
    ]) {
      expect(limitsSection).toContain(`\`${code}\``);
    }
  });
});

describe('docs/protocol.md, the wire contract', () => {
  it('lists every error code a client may receive', () => {
    const codes = section(protocolDoc, '## Error codes');
    const missing = protocol.ALL_ERROR_CODES.filter((code) => !codes.includes(`\`${code}\``));
    expect(missing).toEqual([]);
  });

  it('names every schema the protocol exports', () => {
    const schemas = Object.keys(protocol).filter((name) => name.endsWith('Schema'));
    expect(schemas.length).toBeGreaterThan(40);
    const missing = schemas.filter((name) => !protocolDoc.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });

  it('names every socket event, and no event the server does not have', () => {
    const socket = section(protocolDoc, '## Socket.io');
    const events: string[] = Object.values(protocol.SOCKET_EVENTS);
    const named = [...socket.matchAll(/^\| `([a-z-]+)`/gm)].map(([, name = '']) => name);
    expect(events.filter((event) => !named.includes(event))).toEqual([]);
    expect(named.filter((event) => !events.includes(event))).toEqual([]);
  });

  describe('HTTP routes', () => {
    let backend: Backend;
    let app: App;
    beforeAll(async () => {
      backend = await prepareBackend('postgres', 'docs');
      app = await buildApp(backend.config());
      await app.fastify.ready();
    });
    afterAll(async () => {
      await app.fastify.close();
      await backend.dispose();
    });

    it('lists every route the server describes, and only routes it has', () => {
      const http = section(protocolDoc, '## HTTP');
      const listed = [...http.matchAll(/^\| `(GET|POST|PUT|PATCH|DELETE) (\/[^`]*)`/gm)].map(
        ([, method = '', url = '']) => ({ method, url }),
      );
      expect(listed.length).toBeGreaterThanOrEqual(14);
      const absent = listed.filter((route) => !app.fastify.hasRoute(route));
      expect(absent).toEqual([]);
      // The other way round: every route of the OpenAPI description is on the page.
      const described = Object.entries(
        (app.fastify.swagger().paths ?? {}) as Record<string, Record<string, unknown>>,
      ).flatMap(([path, methods]) =>
        Object.keys(methods).map(
          (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        ),
      );
      expect(described.length).toBeGreaterThanOrEqual(10);
      const unlisted = described.filter(
        (route) => !listed.some(({ method, url }) => `${method} ${url}` === route),
      );
      expect(unlisted).toEqual([]);
    });
  });
});

/** Markdown files whose links are checked: the README and every page of docs/ outside rules/. */
function markdownFiles(): string[] {
  return [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];
}

/**
 * Pages the README and hosting.md link to that are written alongside this one, on their own
 * branches: backups, the check of fair dice, games over several days. Remove each name once its
 * page is in the tree.
 */

describe('the README and docs/', () => {
  it('link only to files that exist', () => {
    const broken = markdownFiles().flatMap((file) =>
      [...read(file).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
        .map(([, target = '']) => target)
        .filter((target) => !/^[a-z]+:/.test(target))
        .map((target) => join(dirname(file), target))
        .filter((target) => !existsSync(join(ROOT, target)))
        .map((target) => `${file} -> ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('keep the README short and show every screenshot', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
    const shots = readdirSync(join(ROOT, 'apps/web/screenshots'));
    expect(shots.length).toBeGreaterThanOrEqual(7);
    expect(shots.filter((shot) => !readme.includes(`(apps/web/screenshots/${shot})`))).toEqual([]);
  });
});

/** A workspace's folder, by the short name the arrows use. */
const WORKSPACES: Record<string, { dir: string; source: string }> = {
  map: { dir: 'packages/map', source: 'packages/map/src/index.ts' },
  rules: { dir: 'packages/rules', source: 'packages/rules/src/index.ts' },
  protocol: { dir: 'packages/protocol', source: 'packages/protocol/src/index.ts' },
  server: { dir: 'apps/server', source: 'apps/server/src/main.ts' },
  web: { dir: 'apps/web', source: 'apps/web/src/main.tsx' },
};

describe('docs/architecture.md, the dependency arrows', () => {
  const block = /```\n(web\s+->[\s\S]*?)```/.exec(read('docs/architecture.md'))?.[1] ?? '';
  const arrows = new Map(
    [...block.matchAll(/^(\w+)\s+->\s+(.*)$/gm)].map(([, from = '', to = '']) => [
      from,
      to.split(',').map((name) => name.trim()),
    ]),
  );
  const pairs = Object.keys(WORKSPACES).flatMap((from) =>
    Object.keys(WORKSPACES)
      .filter((to) => to !== from)
      .map((to) => ({ from, to, allowed: arrows.get(from)?.includes(to) ?? false })),
  );

  it('names an arrow line for every workspace', () => {
    expect([...arrows.keys()].sort()).toEqual(Object.keys(WORKSPACES).sort());
  });

  it("are the workspaces' dependencies", () => {
    const wrong = pairs.filter(({ from, to, allowed }) => {
      const manifest = JSON.parse(read(`${WORKSPACES[from]?.dir ?? ''}/package.json`)) as {
        dependencies?: Record<string, string>;
      };
      return (manifest.dependencies?.[`@outer-rim/${to}`] !== undefined) !== allowed;
    });
    expect(wrong).toEqual([]);
  });

  it('are what lint enforces: an import against an arrow is an error, one along it is not', async () => {
    // The project's own config, only the rule that guards the arrows, and no type information
    // (that rule needs none; building five TypeScript programs would take most of a minute).
    const eslint = new ESLint({
      cwd: ROOT,
      ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
      overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    });
    const wrong: string[] = [];
    for (const { from, to, allowed } of pairs) {
      const [result] = await eslint.lintText(`export * from '@outer-rim/${to}';\n`, {
        filePath: join(ROOT, WORKSPACES[from]?.source ?? ''),
      });
      const refused = (result?.messages ?? []).some(
        (message) => message.ruleId === 'no-restricted-imports',
      );
      if (refused === allowed)
        wrong.push(`${from} -> ${to}: lint ${refused ? 'refuses' : 'allows'} it`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
