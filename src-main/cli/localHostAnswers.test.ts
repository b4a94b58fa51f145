import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ScriptedModel, type ScriptStep } from '../agent/testing/scriptedModel';
import { sendText, startServer, type TestServer } from '../tools/testing/httpServer';
import { main } from './main';
import { memoryIo } from './testing';

// `caduceus chat` with a person at the terminal: a yes for one local host and port is a yes for
// that one; `--approvals allow` and `approvals.mode: off` are no person's yes.

let root: string;
let home: string;
let model: ScriptedModel;
let asked: TestServer;
let other: TestServer;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'caduceus-local-hosts-'));
  model = await ScriptedModel.start();
  asked = await startServer((_req, res) => sendText(res, 'asked host', 'text/plain'));
  other = await startServer((_req, res) => sendText(res, 'other host', 'text/plain'));
});

afterAll(async () => {
  await model.close();
  await asked.close();
  await other.close();
  await rm(root, { recursive: true, force: true });
});

beforeEach(async () => {
  home = await mkdtemp(join(root, 'home-'));
});

const extract = (url: string): ScriptStep => ({
  toolCalls: [{ name: 'web_extract', arguments: { urls: [url] } }],
});

async function run(argv: string[], tty?: string) {
  const m = memoryIo({ CADUCEUS_HOME: home, HOME: join(root, 'user-home') }, root);
  // A person at a terminal who types `tty`.
  const stdin = Object.assign(new PassThrough(), { isTTY: tty !== undefined });
  if (tty !== undefined) stdin.write(tty);
  const code = await main(argv, { ...m.io, stdin });
  return { code, stdout: m.stdout(), stderr: m.stderr() };
}

async function chat(steps: ScriptStep[], flags: string[], tty?: string) {
  model.reset();
  model.push(...steps, { text: 'done' });
  const result = await run(['chat', '-q', 'go', ...flags, '--base-url', model.baseUrl, '--model', 'm'], tty);
  const last = model.requests.at(-1);
  const results = (last?.body.messages ?? []).flatMap((m) =>
    m.role === 'tool' && typeof m.content === 'string' ? [m.content] : [],
  );
  return { ...result, results, questions: result.stderr.split('Approval needed').length - 1 };
}

const paths = (server: TestServer) => server.requests.map((r) => r.path);

describe('a person answering about a local host in caduceus chat', () => {
  it('"always" lists that host:port in network.allowed_local_hosts, comments kept, and another port is asked about', async () => {
    await writeFile(join(home, 'config.yaml'), '# my settings\ncommand_allowlist: [] # none\n');
    const run1 = `/always-${Date.now()}`;
    const { code, stderr, results, questions } = await chat(
      [extract(`${asked.url}${run1}`), extract(`${other.url}${run1}`)],
      [],
      'a\nd\n',
    );
    expect(code, stderr).toBe(0);
    expect(questions).toBe(2);
    expect(results[0]).toContain('asked host');
    expect(results[1]).toMatch(/loopback address/);
    expect(paths(asked)).toContain(run1);
    expect(paths(other)).not.toContain(run1);
    const text = await readFile(join(home, 'config.yaml'), 'utf8');
    expect(text).toContain('# my settings');
    expect(text).toContain(new URL(asked.url).host);
    expect(text).not.toMatch(/command_allowlist:.*fetch-local-host/);

    // The next chat reaches the listed host without a question, and still not the other one.
    const run2 = `/again-${Date.now()}`;
    const again = await chat([extract(`${asked.url}${run2}`), extract(`${other.url}${run2}`)], [], 'd\n');
    expect(again.questions).toBe(1);
    expect(paths(asked)).toContain(run2);
    expect(paths(other)).not.toContain(run2);

    // Listed with the other grants, and revoked like them.
    const key = `local-host:${new URL(asked.url).host}`;
    expect((await run(['approvals', 'grants'])).stdout.split('\n')).toContain(key);
    expect(await run(['approvals', 'revoke', key])).toMatchObject({ code: 0 });
    expect(await readFile(join(home, 'config.yaml'), 'utf8')).not.toContain(new URL(asked.url).host);
  }, 120_000);

  it('"session" is a grant for that host:port, listed by `approvals grants` and ended by `approvals revoke`', async () => {
    const tag = `/session-${Date.now()}`;
    const { code, stderr, questions } = await chat(
      [extract(`${asked.url}${tag}-1`), extract(`${asked.url}${tag}-2`), extract(`${other.url}${tag}`)],
      [],
      's\nd\n',
    );
    expect(code, stderr).toBe(0);
    expect(questions).toBe(2);
    expect(paths(asked)).toEqual(expect.arrayContaining([`${tag}-1`, `${tag}-2`]));
    expect(paths(other)).not.toContain(tag);
    const listed = (await run(['approvals', 'grants'])).stdout.split('\n');
    const grant = listed.find((k) => k.endsWith(`:fetch-local-host:${new URL(asked.url).host}`));
    expect(grant).toMatch(/^session:/);
    expect(await run(['approvals', 'revoke', grant ?? ''])).toMatchObject({ code: 0 });
    expect((await run(['approvals', 'grants'])).stdout).toBe('');
  }, 120_000);
});

describe('a local-host fetch with nobody to say yes', () => {
  it('--approvals allow refuses it', async () => {
    const tag = `/allow-${Date.now()}`;
    const { code, stderr, results } = await chat([extract(`${asked.url}${tag}`)], ['--approvals', 'allow']);
    expect(code, stderr).toBe(0);
    expect(results[0]).toMatch(/loopback address/);
    expect(paths(asked)).not.toContain(tag);
  }, 60_000);

  it('approvals.mode: off asks the person, and refuses when there is none', async () => {
    await writeFile(join(home, 'config.yaml'), 'approvals:\n  mode: off\n');
    const tag = `/off-${Date.now()}`;
    const unattended = await chat([extract(`${asked.url}${tag}-1`)], []);
    expect(unattended.results[0]).toMatch(/loopback address/);
    const person = await chat([extract(`${asked.url}${tag}-2`)], [], 'o\n');
    expect(person.questions).toBe(1);
    expect(paths(asked)).not.toContain(`${tag}-1`);
    expect(paths(asked)).toContain(`${tag}-2`);
  }, 60_000);
});
