import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseUnifiedDiff } from '../../../src-shared/diffText';
import { ReadPolicy } from '../../sandbox/readPolicy';
import type { TerminalService } from '../../terminal/service';
import * as fileModule from '../file';
import { loadTools } from '../testing/harness';
import { fakeGate, localTerminal, refusing } from '../testing/terminal';
import { fileDiffOf, MAX_KEPT_DIFF_CHARS } from './fileDiff';

let dir: string;
let terminal: TerminalService | undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-file-diff-'));
  await mkdir(join(dir, 'home'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(async () => {
  await terminal?.shutdown();
  terminal = undefined;
});

function tools() {
  const local = localTerminal(dir).terminal;
  terminal = local;
  const gate = fakeGate();
  const readPolicy = new ReadPolicy(() => ({ home: join(dir, 'home'), denyRead: [join(dir, 'vault.env')] }));
  return { t: loadTools(fileModule, { terminal: local, readPolicy, commandGate: gate.gate }), gate };
}

describe('fileDiffOf', () => {
  it('counts the lines a change adds and removes and keeps the unified diff', () => {
    const d = fileDiffOf('/w/a.ts', { kind: 'text', text: 'a\nb\nc\n' }, 'a\nB\nc\nd\n');
    expect(d).toMatchObject({ path: '/w/a.ts', created: false, added: 2, removed: 1 });
    const lines = parseUnifiedDiff(d.diff ?? '')[0]?.lines ?? [];
    expect(lines.map((l) => `${l.kind}:${l.text}:${l.oldNumber ?? ''}:${l.newNumber ?? ''}`)).toEqual([
      'context:a:1:1',
      'remove:b:2:',
      'add:B::2',
      'context:c:3:3',
      'add:d::4',
    ]);
  });

  it('shows a new file as all added, and a huge change as a summary without the diff', () => {
    expect(fileDiffOf('/w/n.txt', { kind: 'missing' }, 'x\ny\n')).toMatchObject({
      created: true,
      added: 2,
      removed: 0,
    });
    const big = Array.from({ length: 30_000 }, (_, i) => `line ${i}`).join('\n');
    const huge = fileDiffOf('/w/big.txt', { kind: 'missing' }, big);
    expect(big.length).toBeGreaterThan(MAX_KEPT_DIFF_CHARS);
    expect(huge).toEqual({
      path: '/w/big.txt',
      created: true,
      added: 30_000,
      removed: 0,
      omitted: 'too-large',
    });
  });
});

describe('write_file and patch report what they changed', () => {
  it('write_file carries the diff of the file it replaced, and asks with it', async () => {
    const { t, gate } = tools();
    await writeFile(join(dir, 'w.txt'), 'one\ntwo\n');
    const out = await t.outcome('write_file', { path: 'w.txt', content: 'one\n2\n' });
    expect(out.ok).toBe(true);
    expect(out.fileDiff).toMatchObject({ path: join(dir, 'w.txt'), created: false, added: 1, removed: 1 });
    expect(out.fileDiff?.diff).toMatch(/^-two$/m);
    // The model reads what it read before: the diff is for people.
    expect(out.text).not.toContain('two');
    expect(gate.checks[0]).toMatchObject({ writesTo: join(dir, 'w.txt'), detail: out.fileDiff?.diff });
  });

  it('patch carries the diff of its edit', async () => {
    const { t } = tools();
    await writeFile(join(dir, 'p.ts'), 'const a = 1;\nconst b = 2;\n');
    const out = await t.outcome('patch', { path: 'p.ts', old_string: 'b = 2', new_string: 'b = 3' });
    expect(out.fileDiff).toMatchObject({ added: 1, removed: 1 });
    expect(out.fileDiff?.diff).toContain('-const b = 2;\n+const b = 3;');
  });

  it('a denied write shows the diff it would have made, and carries none', async () => {
    const { t, gate } = tools();
    gate.decide = refusing(/tee/);
    const out = await t.outcome('write_file', { path: 'new.txt', content: 'hello\n' });
    expect(out.refusal).toBe('denied');
    expect(out.fileDiff).toBeUndefined();
    expect(gate.checks[0]?.detail).toContain('+hello');
  });

  it("never shows a protected file's old content", async () => {
    const { t, gate } = tools();
    await writeFile(join(dir, 'vault.env'), 'TOKEN=secret-value\n');
    const out = await t.outcome('write_file', { path: 'vault.env', content: 'TOKEN=new\n' });
    expect(out.fileDiff).toMatchObject({ omitted: 'protected', added: 1 });
    expect(JSON.stringify(out.fileDiff)).not.toContain('secret-value');
    expect(gate.checks[0]?.detail).not.toContain('secret-value');
  });
});
