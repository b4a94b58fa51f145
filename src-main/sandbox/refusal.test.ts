import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SandboxConfigSchema } from '../config/sandboxSchema';
import { buildSandboxPolicy } from './policy';
import { findRefusal } from './refusal';

const root = '/tmp/refusal-test';
const workspace = join(root, 'ws');
const home = join(root, 'home');

function policy() {
  const built = buildSandboxPolicy(SandboxConfigSchema.parse({}), {
    workspace,
    tmpDir: join(root, 'tmp'),
    caduceusHome: join(home, '.caduceus'),
    home,
  });
  if (!built) throw new Error('no policy');
  return built;
}

describe('a refusal found in what a command printed', () => {
  it('names the path a coreutils message quotes in typographic quotes, not the quotes', () => {
    const target = join(root, 'outside', 'c');
    const output = `mkdir: cannot create directory ‘${target}’: Read-only file system\n`;
    expect(findRefusal(output, policy(), workspace)).toMatchObject({ kind: 'write', path: target });
    expect(findRefusal(output, policy(), workspace)?.message).not.toContain('‘');
  });

  it('resolves a quoted relative path against the working directory', () => {
    const output = `touch: cannot touch ‘../outside/a’: Read-only file system\n`;
    expect(findRefusal(output, policy(), workspace)).toMatchObject({
      kind: 'write',
      path: join(root, 'outside', 'a'),
    });
  });

  it('names a secret read in typographic quotes', () => {
    const key = join(home, '.ssh', 'id_rsa');
    const output = `ls: cannot open directory ‘${join(home, '.ssh')}’: Permission denied\nhead: cannot open ‘${key}’ for reading: Permission denied\n`;
    expect(findRefusal(output, policy(), workspace)).toMatchObject({
      kind: 'read',
      path: join(home, '.ssh'),
    });
  });

  it('finds the same paths in plain quotes', () => {
    const target = join(root, 'outside', 'c');
    expect(
      findRefusal(`mkdir: cannot create directory '${target}': Read-only file system\n`, policy(), workspace),
    ).toMatchObject({ kind: 'write', path: target });
  });
});
