import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLinkSwapper, type LinkSwapper } from '../../sandbox/testing/linkSwapper';
import type { TerminalService } from '../../terminal/service';
import * as fileModule from '../file';
import { loadTools } from '../testing/harness';
import { fakeGate, localTerminal, refusing } from '../testing/terminal';
import { NodeFileAccess } from './nodeAccess';

// A sandboxed background process may swap a workspace folder with a symlink to anywhere, over
// and over, while the app writes to a path inside that folder. Whatever the timing, nothing may
// land outside the workspace (temporary files included), and no read may return what is there.

const INSIDE = 'inside\n';
const OUTSIDE = 'outside\n';
const WRITES = 1_000;

let base: string;
let workspace: string;
let outside: string;
let swapper: LinkSwapper | undefined;
let terminal: TerminalService | undefined;

/** Every entry beneath `dir`, links not followed, with the content of each file. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true })) {
    const path = join(dir, entry);
    const info = await lstat(path);
    out[entry] = info.isFile() ? await readFile(path, 'utf8') : info.isSymbolicLink() ? 'link' : 'dir';
  }
  return out;
}

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'caduceus-race-'));
  workspace = join(base, 'ws');
  outside = join(base, 'caduceus-home');
  await mkdir(join(workspace, 'sub'), { recursive: true });
  await writeFile(join(workspace, 'sub', 'f.txt'), INSIDE);
  await mkdir(outside);
  await writeFile(join(outside, 'f.txt'), OUTSIDE);
  await writeFile(join(outside, 'config.yaml'), 'sandbox:\n  mode: workspace-write\n');
  await symlink(outside, join(workspace, 'swap'));
});

afterEach(async () => {
  await swapper?.stop();
  swapper = undefined;
  await terminal?.shutdown();
  terminal = undefined;
  await rm(base, { recursive: true, force: true });
});

const swapping = async () => {
  swapper = await startLinkSwapper(join(workspace, 'sub'), join(workspace, 'swap'));
  return swapper;
};

/** Files the writes left in the workspace besides the ones they name: temporary files. */
async function strays(): Promise<string[]> {
  return Object.keys(await snapshot(workspace)).filter((path) => /\.tmp$/.test(path));
}

describe.skipIf(process.platform !== 'linux')('a folder swapped with a link during file I/O', () => {
  it('NodeFileAccess writes and reads only the path it was given', async () => {
    const before = await snapshot(outside);
    const files = new NodeFileAccess();
    // Checked before the swapping starts: the real path, with no link in it.
    const target = await files.writeTarget(join(workspace, 'sub', 'f.txt'));
    expect(target).toBe(join(workspace, 'sub', 'f.txt'));
    const running = await swapping();
    const failures = new Set<string>();
    let written = 0;
    const read: string[] = [];
    for (let i = 0; i < WRITES; i++) {
      const deep = join(workspace, 'sub', `new-${i % 5}`, 'deep.txt');
      for (const path of [target, deep]) {
        try {
          await files.write(path, Buffer.from(INSIDE));
          written++;
        } catch (error) {
          failures.add(String(error instanceof Error ? error.message : error).replaceAll(base, ''));
        }
      }
      const outcome = await files.read(target, 1_000).catch(() => undefined);
      if (outcome?.kind === 'file' && outcome.data) read.push(outcome.data.toString());
    }
    expect(await running.stop()).toBeGreaterThan(0);
    expect(await snapshot(outside)).toEqual(before);
    expect(read.filter((text) => text !== INSIDE)).toEqual([]);
    expect(await strays()).toEqual([]);
    expect(written).toBeGreaterThan(0);
    expect(read.length).toBeGreaterThan(0);
    for (const message of failures) expect(message).toMatch(/a link appeared at \/ws\/sub/);
  }, 180_000);

  it.each([
    ['with ripgrep', undefined],
    ['without ripgrep', null],
  ])(
    'the search %s shows only what the paths it names hold',
    async (_, ripgrep) => {
      const files = new NodeFileAccess({ ripgrep });
      const running = await swapping();
      const found: string[] = [];
      for (let i = 0; i < WRITES / 4; i++) {
        const outcome = await files.search({ root: workspace, target: 'content', pattern: '.', limit: 10 });
        found.push(...outcome.lines.map((line) => line.slice(workspace.length)));
      }
      expect(await running.stop()).toBeGreaterThan(0);
      expect(found.length).toBeGreaterThan(0);
      expect(found.filter((line) => !/^\/(sub|swap)\/f\.txt:1:inside$/.test(line))).toEqual([]);
    },
    180_000,
  );

  it('write_file writes inside the workspace or asks about the real target; nothing lands outside', async () => {
    const before = await snapshot(outside);
    ({ terminal } = localTerminal(workspace));
    const gate = fakeGate();
    gate.decide = refusing(new RegExp(relative('/', outside)));
    const t = loadTools(fileModule, { terminal, commandGate: gate.gate });
    const running = await swapping();
    let written = 0;
    for (let i = 0; i < WRITES / 3; i++) {
      for (const path of ['sub/f.txt', `sub/made-${i % 3}/g.txt`]) {
        const outcome = await t.outcome('write_file', { path, content: INSIDE });
        if (outcome.ok) written++;
      }
    }
    expect(await running.stop()).toBeGreaterThan(0);
    expect(await snapshot(outside)).toEqual(before);
    expect(await strays()).toEqual([]);
    expect(written).toBeGreaterThan(0);
  }, 180_000);
});
