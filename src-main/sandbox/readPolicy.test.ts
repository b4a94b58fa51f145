import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxConfigSchema } from '../config/sandboxSchema';
import { buildSandboxPolicy } from './policy';
import { deniedPaths, ReadPolicy } from './readPolicy';
import { findRefusal } from './refusal';

let root: string;
let home: string;
let caduceusHome: string;
let policy: ReadPolicy;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'caduceus-readpolicy-'));
  home = join(root, 'home');
  caduceusHome = join(home, '.caduceus');
  await mkdir(join(home, '.ssh'), { recursive: true });
  await mkdir(join(root, 'ws'));
  await mkdir(caduceusHome);
  await writeFile(join(home, '.ssh', 'id_rsa'), 'key');
  await writeFile(join(home, '.npmrc'), 'token');
  await writeFile(join(root, 'ws', 'ok.txt'), 'ok');
  await symlink(join(home, '.ssh'), join(root, 'ws', 'dir-link'));
  await symlink(join(home, '.npmrc'), join(root, 'ws', 'npmrc'));
  // A home whose path runs through a link: the list is judged where it really is too.
  await symlink(home, join(root, 'home-link'));
  policy = new ReadPolicy(() => ({ home, caduceusHome, denyRead: ['~/notes/private', join(root, 'vault')] }));
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('the read policy', () => {
  it('lists the usual credential stores, the app’s own secrets and sandbox.deny_read', () => {
    const list = deniedPaths({ home, caduceusHome, denyRead: ['~/extra'] });
    for (const name of [
      '.ssh',
      '.aws',
      '.config/gcloud',
      '.kube',
      '.docker/config.json',
      '.git-credentials',
      '.config/git/credentials',
      '.netrc',
      '.config/gh',
      '.npmrc',
      '.pypirc',
      '.cargo/credentials.toml',
      '.m2/settings.xml',
      '.gnupg',
      '.password-store',
      '.bash_history',
      '.zsh_history',
      '.mozilla',
      '.config/google-chrome',
      'Library/Application Support/Google/Chrome',
      'Library/Keychains',
      'extra',
    ])
      expect(list).toContain(join(home, name));
    for (const name of ['secrets.json', '.env', 'mcp-credentials.json', 'sessions.db-wal', 'checkpoints'])
      expect(list).toContain(join(caduceusHome, name));
  });

  it('judges a path after resolving links, and a listed folder covers everything beneath it', async () => {
    const judge = await policy.judge();
    expect(await judge(join(home, '.ssh', 'id_rsa'))).toMatchObject({ entry: join(home, '.ssh') });
    expect(await judge(join(home, '.ssh', 'not-there', 'deeper'))).toBeDefined();
    expect(await judge(join(root, 'ws', 'dir-link', 'id_rsa'))).toMatchObject({
      real: join(home, '.ssh', 'id_rsa'),
    });
    expect(await judge(join(root, 'ws', 'npmrc'))).toMatchObject({ entry: join(home, '.npmrc') });
    expect(await judge(join(root, 'home-link', '.npmrc'))).toBeDefined();
    expect(await judge(join(home, 'notes', 'private', 'a.txt'))).toMatchObject({
      shown: '~/notes/private/a.txt',
    });
    expect(await judge(join(root, 'vault'))).toBeDefined();
    expect(await judge(join(caduceusHome, 'secrets.json'))).toBeDefined();
    expect(await judge(join(root, 'ws', 'ok.txt'))).toBeUndefined();
    expect(await judge(join(home, '.npmrc-notes'))).toBeUndefined();
    // It may hold MCP tokens and keys.
    expect(await judge(join(caduceusHome, 'config.yaml'))).toBeDefined();
    expect(await judge(join(caduceusHome, 'skills', 'mine', 'SKILL.md'))).toBeUndefined();
  });

  it('is the sandbox’s denyRead, with sandbox.deny_read added', () => {
    const config = SandboxConfigSchema.parse({ deny_read: ['~/notes/private'] });
    const sandbox = buildSandboxPolicy(config, {
      workspace: join(root, 'ws'),
      tmpDir: root,
      caduceusHome,
      home,
    });
    expect(sandbox?.denyRead).toEqual(deniedPaths({ home, caduceusHome, denyRead: ['~/notes/private'] }));
    expect(sandbox?.denyRead).toContain(join(home, 'notes', 'private'));
    // An old config.yaml without the key still parses.
    expect(SandboxConfigSchema.parse({ mode: 'read-only' }).deny_read).toEqual([]);
  });

  it('names a sandboxed read of a listed file as the sandbox’s refusal to read', () => {
    const config = SandboxConfigSchema.parse({});
    const sandbox = buildSandboxPolicy(config, {
      workspace: join(root, 'ws'),
      tmpDir: root,
      caduceusHome,
      home,
    });
    if (!sandbox) throw new Error('no policy');
    const npmrc = join(home, '.npmrc');
    expect(findRefusal(`cat: ${npmrc}: Permission denied\n`, sandbox)).toMatchObject({
      kind: 'read',
      path: npmrc,
    });
    const key = join(home, '.ssh', 'id_rsa');
    expect(
      findRefusal(`FileNotFoundError: [Errno 2] No such file or directory: '${key}'`, sandbox),
    ).toMatchObject({ kind: 'read', path: key });
    expect(
      findRefusal(`cat: ${join(root, 'ws', 'gone')}: No such file or directory\n`, sandbox),
    ).toBeUndefined();
  });
});
