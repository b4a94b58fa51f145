import { mkdir, mkdtemp, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as pty from 'node-pty';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptedModel } from '../agent/testing/scriptedModel';

const MAIN = pathToFileURL(join(process.cwd(), 'src-main/cli/main.ts')).href;
const TSX = pathToFileURL(join(process.cwd(), 'node_modules/tsx/dist/loader.mjs')).href;
const ENTRY = `const { main } = await import(${JSON.stringify(MAIN)}); process.exitCode = await main(process.argv.slice(1));`;
/** Long enough for a cold start from source on a busy machine; a condition that never holds fails. */
const PATIENCE = 90_000;

// eslint-disable-next-line no-control-regex -- escape sequences are what is removed
const plain = (text: string) => text.replace(/\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[@-_]/g, '').replace(/\r/g, '');

/** `caduceus chat …` from source on a real PTY, read as the text a person sees. */
class PtyCli {
  private raw = '';
  private cursor = 0;
  private waiting: (() => void)[] = [];
  readonly exited: Promise<number>;
  private readonly term: pty.IPty;

  constructor(args: string[], options: { home: string; cwd: string }) {
    this.term = pty.spawn(process.execPath, ['--import', TSX, '--input-type=module', '-e', ENTRY, ...args], {
      cwd: options.cwd,
      env: { ...process.env, CADUCEUS_HOME: options.home },
      cols: 160,
      rows: 50,
    });
    this.term.onData((data) => {
      this.raw += data;
      for (const wake of this.waiting.splice(0)) wake();
    });
    this.exited = new Promise((resolve) => this.term.onExit(({ exitCode }) => resolve(exitCode)));
  }

  get text(): string {
    return plain(this.raw);
  }

  /** Waits until `pattern` appears after what earlier waits consumed; returns the text up to it. */
  async next(pattern: string | RegExp): Promise<string> {
    const deadline = Date.now() + PATIENCE;
    for (;;) {
      const text = this.text;
      const rest = text.slice(this.cursor);
      const match =
        typeof pattern === 'string' ? { index: rest.indexOf(pattern), length: pattern.length } : null;
      const re = typeof pattern === 'string' ? null : pattern.exec(rest);
      const index = match ? match.index : (re?.index ?? -1);
      if (index >= 0) {
        const end = this.cursor + index + (match ? match.length : (re?.[0].length ?? 0));
        const seen = text.slice(this.cursor, end);
        this.cursor = end;
        return seen;
      }
      if (Date.now() > deadline) throw new Error(`no ${String(pattern)} in:\n${rest}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1000);
        this.waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  type(text: string): void {
    this.term.write(text);
  }

  kill(): void {
    try {
      this.term.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

let home: string;
let work: string;
let model: ScriptedModel;
const running: PtyCli[] = [];
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-repl-home-'));
  work = await mkdtemp(join(tmpdir(), 'caduceus-repl-work-'));
  // Run from source, the sandbox's worker imports tsx from the folder the command runs in.
  await symlink(join(process.cwd(), 'node_modules'), join(work, 'node_modules'));
  model = await ScriptedModel.start();
});
afterAll(async () => {
  for (const cli of running) cli.kill();
  await model.close();
  await rm(home, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

function chat(...args: string[]): PtyCli {
  const cli = new PtyCli(['chat', '--base-url', model.baseUrl, '--model', 'scripted-model', ...args], {
    home,
    cwd: work,
  });
  running.push(cli);
  return cli;
}

const userTurns = () =>
  (model.requests.at(-1)?.body.messages ?? []).filter((m) => m.role === 'user').map((m) => m.content);

describe('caduceus chat on a terminal', () => {
  it(
    'holds three turns, streams a command live, stops a turn on Ctrl+C, leaves on a second; --session resumes',
    async () => {
      model.push(
        { text: 'First answer.' },
        {
          toolCalls: [
            { name: 'terminal', arguments: { command: 'echo tick-1; sleep 0.5; echo tick-2; sleep 600' } },
          ],
        },
        { text: 'Third answer.' },
      );
      const cli = chat();
      await cli.next('new session');
      await cli.next('› ');
      cli.type('say one\r');
      // The answer is written as it arrives, so the turn's token count comes after it.
      await cli.next('First answer.\ntokens: ');
      await cli.next('› ');

      cli.type('run it\r');
      await cli.next('💻 terminal: ');
      // Both lines are on screen while the command still runs: no finish line has come.
      const live = await cli.next('│ tick-2');
      expect(live).toContain('│ tick-1');
      expect(cli.text).not.toMatch(/[✓✗⊘] terminal/);
      cli.type('\x03');
      await cli.next('turn stopped');
      await cli.next('› ');

      cli.type('say three\r');
      await cli.next('Third answer.');
      expect(userTurns()).toEqual(['say one', 'run it', 'say three']);
      await cli.next('› ');

      cli.type('\x03');
      await cli.next('Ctrl+C again or Ctrl+D leaves');
      cli.type('\x03');
      expect(await cli.exited).toBe(0);
      const id = (await cli.next(/session: \S+/)).split('session: ')[1] ?? '';

      const doomed = join(work, 'doomed');
      await mkdir(doomed);
      model.push(
        { text: 'Recalled.' },
        { text: 'Fourth answer.' },
        { toolCalls: [{ name: 'terminal', arguments: { command: `rm -r ${doomed}` } }] },
        { text: 'Removed.' },
      );
      const resumed = chat('--session', id);
      await resumed.next(`session ${id} (resumed`);
      await resumed.next('› ');
      // The up arrow reaches the prompts of the last run.
      resumed.type('\x1b[A\r');
      await resumed.next('Recalled.');
      expect(userTurns()).toEqual(['say one', 'run it', 'say three', 'say three']);
      await resumed.next('› ');
      resumed.type('/model other-model\r');
      await resumed.next('model: other-model');
      await resumed.next('› ');
      resumed.type('say four\r');
      await resumed.next('Fourth answer.');
      expect(model.requests.at(-1)?.body.model).toBe('other-model');
      expect(userTurns()).toEqual(['say one', 'run it', 'say three', 'say three', 'say four']);
      await resumed.next('› ');

      // An approval question is asked on the same terminal between prompts, and answered there.
      resumed.type('remove it\r');
      await resumed.next('[o]nce [s]ession [h]our [a]lways [D]eny: ');
      resumed.type('o\r');
      await resumed.next('Removed.');
      await expect(stat(doomed)).rejects.toThrow();
      await resumed.next('› ');
      resumed.type('\x04');
      expect(await resumed.exited).toBe(0);
    },
    4 * PATIENCE,
  );
});
