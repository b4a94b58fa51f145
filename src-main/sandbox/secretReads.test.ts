import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedRequest, ScriptStep } from '../agent/testing/scriptedModel';
import { ScriptedModel } from '../agent/testing/scriptedModel';
import { main } from '../cli/main';
import { memoryIo } from '../cli/testing';

// The read policy through the CLI: a scripted model under `--approvals deny`, with HOME pointed at
// a folder of fake credentials. No tool result may carry a marker of one.

let root: string;
let userHome: string;
let caduceusHome: string;
let workspace: string;
let model: ScriptedModel;

/** Relative to the fake home (or to $CADUCEUS_HOME with `@`): one secret of each kind. */
const SECRETS = [
  '.ssh/id_rsa',
  '.aws/credentials',
  '.npmrc',
  '.netrc',
  '.git-credentials',
  '.config/git/credentials',
  '.config/gh/hosts.yml',
  '.pypirc',
  '.docker/config.json',
  '.kube/config',
  '.cargo/credentials.toml',
  '.bash_history',
  '.password-store/mail.gpg',
  '.mozilla/firefox/p.default/logins.json',
  '.config/google-chrome/Default/Login Data',
  'extra-secret.txt',
  '@secrets.json',
  '@.env',
  '@mcp-credentials.json',
];

const pathOf = (name: string) =>
  name.startsWith('@') ? join(caduceusHome, name.slice(1)) : join(userHome, name);
const marker = (name: string) => `SECRET-${name.replace(/[^a-z]/gi, '')}`;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'caduceus-secrets-'));
  userHome = join(root, 'user-home');
  caduceusHome = join(root, 'caduceus-home');
  workspace = join(root, 'ws');
  for (const dir of [userHome, caduceusHome, workspace]) await mkdir(dir);
  for (const name of SECRETS) {
    await mkdir(dirname(pathOf(name)), { recursive: true });
    await writeFile(pathOf(name), `token=${marker(name)}\n`);
  }
  await writeFile(
    join(caduceusHome, 'config.yaml'),
    'command_allowlist: []\nsandbox:\n  deny_read: [~/extra-secret.txt]\n',
  );
  await writeFile(join(workspace, 'ok.txt'), 'ordinary SECRET-free text\n');
  await symlink(join(userHome, '.ssh/id_rsa'), join(workspace, 'key-link'));
  await symlink(join(userHome, '.aws'), join(workspace, 'aws-link'));
  model = await ScriptedModel.start();
});

afterAll(async () => {
  await model.close();
  await rm(root, { recursive: true, force: true });
});

function oneByOne(calls: { name: string; arguments: Record<string, unknown> }[]): ScriptStep[] {
  return [...calls.map((call) => ({ toolCalls: [call] })), { text: 'done' }];
}

/** Every tool result the model was sent, in order. */
function toolResults(requests: RecordedRequest[]): string[] {
  const last = requests[requests.length - 1];
  return (last?.body.messages ?? []).flatMap((m) =>
    m.role === 'tool' && typeof m.content === 'string' ? [m.content] : [],
  );
}

async function chat(steps: ScriptStep[]) {
  model.reset();
  model.push(...steps);
  const m = memoryIo({ CADUCEUS_HOME: caduceusHome, HOME: userHome }, workspace);
  const argv = ['chat', '-q', 'go', '--approvals', 'deny', '--base-url', model.baseUrl, '--model', 'm'];
  const code = await main(argv, m.io);
  expect(code, m.stderr()).toBe(0);
  expect(model.requests.length).toBe(steps.length);
  return toolResults(model.requests);
}

const read = (path: string) => ({ name: 'read_file', arguments: { path } });
const search = (path: string, extra: Record<string, unknown> = {}) => ({
  name: 'search_files',
  arguments: { pattern: 'SECRET-', path, ...extra },
});
const python = (code: string) => ({ name: 'execute_code', arguments: { language: 'python', code } });

describe('secrets under caduceus chat --approvals deny', () => {
  it('read_file refuses every credential store, through links too, and still reads an ordinary file', async () => {
    const results = await chat(
      oneByOne([
        ...SECRETS.map((name) => read(pathOf(name))),
        read('key-link'),
        read('aws-link/credentials'),
        // patch's "found" or "not found" would tell the content bit by bit.
        { name: 'patch', arguments: { path: pathOf('.npmrc'), old_string: 'token=S', new_string: 'x' } },
        read('ok.txt'),
      ]),
    );
    const refusals = results.slice(0, -1);
    for (const text of refusals) {
      expect(text).not.toMatch(/SECRET-/);
      expect(JSON.parse(text)).toMatchObject({ approval: 'denied' });
    }
    // The question names the file it is about.
    expect(refusals[2]).toContain('~/.npmrc');
    expect(await readFile(pathOf('.npmrc'), 'utf8')).toBe(`token=${marker('.npmrc')}\n`);
    expect(results.at(-1)).toContain('ordinary SECRET-free text');
  }, 120_000);

  it('search_files withholds names and lines of denied files and asks before searching inside one', async () => {
    const results = await chat(
      oneByOne([
        search(userHome),
        search(caduceusHome),
        search(userHome, { target: 'files', pattern: '*' }),
        search(join(userHome, '.ssh')),
        search('key-link'),
        search('aws-link'),
        search(pathOf('.npmrc')),
        search(workspace),
      ]),
    );
    for (const text of results) expect(text).not.toMatch(/SECRET-(?!free)/);
    // A refusal names the file it asked about; a result lists no denied file.
    for (const text of results) {
      const { matches, files } = JSON.parse(text) as { matches?: unknown; files?: unknown };
      expect(JSON.stringify([matches, files])).not.toMatch(
        /id_rsa|npmrc|secrets\.json|credentials|extra-secret/,
      );
    }
    expect(JSON.parse(results[0] ?? '{}')).toMatchObject({ count: 0 });
    expect((JSON.parse(results[0] ?? '{}') as { withheld?: number }).withheld).toBeGreaterThan(0);
    for (const text of results.slice(3, 7)) expect(JSON.parse(text)).toMatchObject({ approval: 'denied' });
    expect(results.at(-1)).toContain('ordinary SECRET-free text');
  }, 120_000);

  it("execute_code's read_file and a sandboxed command read no secret; deny_read reaches both", async () => {
    const reads = ['.npmrc', '.ssh/id_rsa', '@secrets.json', 'extra-secret.txt'].map(pathOf);
    const results = await chat(
      oneByOne([
        python(reads.map((p) => `print(tools.read_file(path=${JSON.stringify(p)}))`).join('\n')),
        python(
          reads
            .map(
              (p) =>
                `try:\n    print(open(${JSON.stringify(p)}).read())\nexcept Exception as e:\n    print(e)`,
            )
            .join('\n'),
        ),
        { name: 'terminal', arguments: { command: `cat ${pathOf('.npmrc')}` } },
        { name: 'terminal', arguments: { command: `cat ${pathOf('extra-secret.txt')}` } },
        { name: 'terminal', arguments: { command: 'cat ok.txt' } },
      ]),
    );
    for (const text of results.slice(0, -1)) expect(text).not.toMatch(/SECRET-/);
    // The sandbox's refusal is named as one, and nobody lets it run outside under --approvals deny.
    for (const text of results.slice(2, 4)) {
      expect(JSON.parse(text)).not.toMatchObject({ exit_code: 0 });
      expect(JSON.parse(text)).toMatchObject({ sandbox: { refused: 'read' } });
    }
    expect(results.at(-1)).toContain('ordinary SECRET-free text');
  }, 120_000);
});
