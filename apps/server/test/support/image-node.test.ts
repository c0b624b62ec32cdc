import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { imageNodeMajor, nodeVersion, serverNode } from './image-node.js';

describe("a benchmark's server on the image's Node.js", () => {
  const dir = mkdtempSync(join(tmpdir(), 'image-node-'));
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  const dockerfile = (text: string) => {
    const path = join(dir, `Dockerfile-${String(Math.random()).slice(2)}`);
    writeFileSync(path, text);
    return path;
  };

  it("reads the release line from the image's base, which both stages share", () => {
    expect(
      imageNodeMajor(dockerfile('FROM node:24-slim AS build\nFROM node:24-slim AS runtime\n')),
    ).toBe(24);
    // the project's own image: an even (LTS) line
    expect(imageNodeMajor() % 2).toBe(0);
  });

  it('refuses an image whose stages run different lines, or no node base', () => {
    expect(() =>
      imageNodeMajor(dockerfile('FROM node:22-slim AS build\nFROM node:24-slim AS runtime\n')),
    ).toThrow(/one node:<major>-slim base/);
    expect(() => imageNodeMajor(dockerfile('FROM debian:12\n'))).toThrow(/one node:<major>-slim/);
  });

  it("runs the server on the benchmark's own node unless told otherwise, and refuses a path with no file", () => {
    expect(serverNode('')).toBe(process.execPath);
    expect(nodeVersion(serverNode(''))).toBe(process.version);
    expect(() => serverNode(join(dir, 'no-such-node'))).toThrow(/no file at/);
  });
});
