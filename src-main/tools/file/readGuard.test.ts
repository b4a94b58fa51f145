import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ReadPolicy } from '../../sandbox/readPolicy';
import type { TerminalService } from '../../terminal/service';
import * as fileModule from '../file';
import { loadTools } from '../testing/harness';
import { fakeGate, localTerminal, refusing } from '../testing/terminal';

let root: string;
let home: string;
let terminal: TerminalService;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'caduceus-read-guard-'));
  home = join(root, 'home');
  await mkdir(join(home, '.ssh'), { recursive: true });
  await mkdir(join(home, 'project'));
  await writeFile(join(home, '.ssh', 'id_rsa'), 'KEY-MATERIAL\n');
  await writeFile(join(home, 'project', 'a.txt'), 'KEY-MATERIAL is not here\n');
  await writeFile(join(home, 'vault.txt'), 'KEY-MATERIAL in a listed file\n');
});
afterAll(() => rm(root, { recursive: true, force: true }));
afterEach(() => terminal.shutdown());

function tools(withGate = true) {
  ({ terminal } = localTerminal(home));
  const gate = fakeGate();
  const readPolicy = new ReadPolicy(() => ({ home, denyRead: ['~/vault.txt'] }));
  const t = loadTools(fileModule, { terminal, readPolicy, ...(withGate ? { commandGate: gate.gate } : {}) });
  return { t, gate };
}

/**
 * Python for a swapper: `hold()` after each swap keeps the new state for up to 10 ms one time in
 * three, and swaps on at once otherwise. Swapping without pause, a search of the whole entry
 * almost never found it the same from the walk to the confirming read, so the plain way went
 * unseen for minutes; the swaps at once still land inside a search's steps.
 */
const HOLD =
  'import os, random, time\ndef hold():\n  if random.random() < 1 / 3: time.sleep(random.random() / 100)\n';

/**
 * Runs a race's attempts and counts those that went the plain way: at least `least`, and more
 * until one has (a busy machine may schedule the swapper rarely), up to `most`. Time bounds them
 * too, well inside the test's timeout: on a loaded machine one attempt took eight times as long.
 */
async function race(least: number, most: number, attempt: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  const within = (ms: number) => Date.now() - start < ms;
  let plain = 0;
  for (let i = 0; (i < least && within(30_000)) || (plain === 0 && i < most && within(90_000)); i++)
    if (await attempt()) plain++;
  return plain;
}

describe('the file tools under the read policy', () => {
  it('read a listed file only when the person allows it, asking by name every time', async () => {
    const { t, gate } = tools();
    expect(await t.json('read_file', { path: '.ssh/id_rsa' })).toMatchObject({
      content: '     1|KEY-MATERIAL',
    });
    expect(gate.checks[0]).toMatchObject({
      command: `cat -- '${join(home, '.ssh', 'id_rsa')}'`,
      extraKeys: ['secret-read'],
      extraDetail: 'let the model read ~/.ssh/id_rsa?',
    });
    gate.decide = refusing(/vault/);
    expect(await t.json('read_file', { path: 'vault.txt' })).toMatchObject({ approval: 'denied' });
    // An ordinary file asks nobody.
    await t.json('read_file', { path: 'project/a.txt' });
    expect(gate.checks).toHaveLength(2);
  });

  it('refuses a listed file when no gate could ask', async () => {
    const { t } = tools(false);
    expect(String((await t.json('read_file', { path: '.ssh/id_rsa' })).error)).toMatch(
      /~\/\.ssh\/id_rsa holds secrets/,
    );
  });

  it('search_files withholds listed files, and a root the person allowed shows what is beneath it', async () => {
    const { t, gate } = tools();
    const all = await t.json('search_files', { pattern: 'KEY-MATERIAL', path: '.' });
    expect(all).toMatchObject({ count: 1, withheld: 1, matches: [{ path: 'project/a.txt' }] });
    expect(gate.checks).toHaveLength(0);
    const inside = await t.json('search_files', { pattern: 'KEY-MATERIAL', path: '.ssh' });
    expect(inside).toMatchObject({ count: 1, matches: [{ path: '.ssh/id_rsa' }] });
    expect(gate.checks[0]?.extraDetail).toBe('let the model read ~/.ssh?');
  });

  it('reads no listed file through a link a process keeps swapping', async () => {
    const { t, gate } = tools();
    gate.decide = refusing(/.*/);
    await writeFile(join(home, 'project', 'plain.txt'), 'plain\n');
    const link = join(home, 'project', 'swap');
    // Swaps the link between a plain file and the key, as fast as it can, until killed.
    const swapper = spawn('python3', [
      '-c',
      `import os\nwhile True:\n  for target in ${JSON.stringify([join(home, 'project', 'plain.txt'), join(home, '.ssh', 'id_rsa')])}:\n    os.symlink(target, ${JSON.stringify(link)} + '.tmp')\n    os.replace(${JSON.stringify(link)} + '.tmp', ${JSON.stringify(link)})`,
    ]);
    try {
      const plain = await race(300, 3000, async () => {
        const text = await t.call('read_file', { path: 'project/swap' });
        expect(text).not.toContain('KEY-MATERIAL');
        return text.includes('plain');
      });
      // The race was really run: some reads found the plain file.
      expect(plain).toBeGreaterThan(0);
    } finally {
      swapper.kill();
      await new Promise((resolve) => swapper.once('exit', resolve));
    }
  }, 120_000);

  it('search_files shows no line of a listed file through an entry a process keeps swapping', async () => {
    const { t } = tools();
    const dir = join(home, 'swapped');
    await mkdir(dir);
    const entry = join(dir, 'swap');
    // Between a plain file and a link to the key: a walk sees a file, and its open follows the link.
    const swapper = spawn('python3', [
      '-c',
      `${HOLD}key = ${JSON.stringify(join(home, '.ssh', 'id_rsa'))}\nentry = ${JSON.stringify(entry)}\n` +
        `while True:\n  open(entry + '.f', 'w').write('KEY-plain\\n')\n  os.replace(entry + '.f', entry)\n  hold()\n` +
        `  os.symlink(key, entry + '.l')\n  os.replace(entry + '.l', entry)\n  hold()\n`,
    ]);
    try {
      const plain = await race(300, 3000, async () => {
        const text = await t.call('search_files', { pattern: 'KEY-', path: 'swapped' });
        expect(text).not.toContain('KEY-MATERIAL');
        return text.includes('KEY-plain');
      });
      expect(plain).toBeGreaterThan(0);
    } finally {
      swapper.kill();
      await new Promise((resolve) => swapper.once('exit', resolve));
    }
  }, 120_000);

  it('search_files names no listed file through a folder a process keeps swapping', async () => {
    const { t } = tools();
    const parent = join(home, 'names');
    const folder = join(parent, 'folder');
    await mkdir(parent);
    // Between a plain folder and a link to ~/.ssh: a walk sees a folder, and its open follows the link.
    const swapper = spawn('python3', [
      '-c',
      `${HOLD}import shutil\nssh = ${JSON.stringify(join(home, '.ssh'))}\nfolder = ${JSON.stringify(folder)}\n` +
        `while True:\n  os.makedirs(folder + '.d', exist_ok=True)\n  open(folder + '.d/plain-name', 'w').close()\n` +
        `  os.replace(folder + '.d', folder) if not os.path.islink(folder) or os.unlink(folder) is None else None\n  hold()\n` +
        `  os.symlink(ssh, folder + '.l')\n  shutil.rmtree(folder, ignore_errors=True)\n  os.replace(folder + '.l', folder)\n  hold()\n`,
    ]);
    try {
      const plain = await race(150, 1500, async () => {
        const text = await t.call('search_files', { target: 'files', pattern: '*', path: 'names' });
        expect(text).not.toContain('id_rsa');
        return text.includes('plain-name');
      });
      expect(plain).toBeGreaterThan(0);
    } finally {
      swapper.kill();
      await new Promise((resolve) => swapper.once('exit', resolve));
    }
  }, 120_000);
});
