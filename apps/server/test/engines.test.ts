import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { satisfies, subset } from 'semver';

// `engines` tells a host which Node.js runs this project: it must not promise a
// release that some installed package refuses (npm warns EBADENGINE then, and
// the package may not work), and the Node running the tests must be inside it.
const root = (path: string) => new URL(`../../../${path}`, import.meta.url);

interface LockPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

const { engines } = JSON.parse(readFileSync(root('package.json'), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(root('package-lock.json'), 'utf8')) as {
  packages: Record<string, LockPackage>;
};

describe('Node.js engines', () => {
  it('promise only releases every installed package supports', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, pkg]) => {
        const wanted = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node;
        return wanted === undefined || subset(engines.node, wanted)
          ? []
          : [`${path}@${pkg.version ?? '?'} wants node ${wanted}`];
      });
    expect(refusing).toEqual([]);
  });

  it('include the Node.js running this test, and the lock file agrees', () => {
    expect(satisfies(process.versions.node, engines.node)).toBe(true);
    const lockRoot = lock.packages[''];
    expect(Array.isArray(lockRoot?.engines) ? undefined : lockRoot?.engines?.node).toBe(
      engines.node,
    );
  });

  it('are not satisfied by releases a package refuses, so the check above can fail', () => {
    expect(subset('>=20', '^20.19.0 || ^22.13.0 || >=24')).toBe(false);
  });
});
