import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SessionStore } from '../agent/sessions/store';
import { ScriptedModel } from '../agent/testing/scriptedModel';
import { main } from './main';
import { memoryIo } from './testing';

let home: string;
let model: ScriptedModel;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-chat-'));
  model = await ScriptedModel.start();
});
afterAll(async () => {
  await model.close();
  await rm(home, { recursive: true, force: true });
});
beforeEach(() => model.reset());

async function run(argv: string[]) {
  const m = memoryIo({ CADUCEUS_HOME: home }, home);
  const code = await main(argv, m.io);
  return { code, stdout: m.stdout(), stderr: m.stderr() };
}

const flags = () => ['--base-url', model.baseUrl, '--model', 'scripted-model'];

describe('caduceus chat', () => {
  it('says the tokens and cost of each turn and of the session; the export lists them', async () => {
    model.prices = { 'scripted-model': { prompt: '0.000001', completion: '0.000002' } };
    model.usage = { prompt_tokens: 1000, completion_tokens: 500 };
    try {
      model.push({ toolCalls: [{ name: 'todo', arguments: { todos: [] } }] }, { text: 'one' });
      const first = await run(['chat', '-q', 'first', ...flags()]);
      expect(first.stderr).toContain(
        'tokens: 3k tokens (2k in, 1k out), $0.004 this turn; 3k tokens (2k in, 1k out), $0.004 this session',
      );
      const id = /session: (\S+)/.exec(first.stderr)?.[1] ?? '';
      model.push({ text: 'two' });
      const second = await run(['chat', '-q', 'second', '--session', id, '--json', ...flags()]);
      const json = JSON.parse(second.stdout) as { usage: { turn: unknown; session: unknown } };
      expect(json.usage.turn).toEqual({ input: 1000, output: 500, costUsd: 0.002 });
      expect(json.usage.session).toEqual({ input: 3000, output: 1500, costUsd: 0.006 });
      const exported = await run(['sessions', 'export', id]);
      expect(exported.stdout).toContain(
        '## Usage\n\n- Turn 1: 3k tokens (2k in, 1k out), $0.004\n- Turn 2: 1.5k tokens (1k in, 500 out), $0.002\n' +
          '- Session: 4.5k tokens (3k in, 1.5k out), $0.006',
      );
    } finally {
      model.prices = {};
      model.usage = { prompt_tokens: 1, completion_tokens: 1 };
    }
  });

  it('runs one turn: tool activity on stderr, the answer on stdout', async () => {
    model.push(
      {
        toolCalls: [
          {
            name: 'todo',
            arguments: { todos: [{ id: '1', content: 'look around', status: 'in_progress' }] },
          },
        ],
      },
      { text: 'The answer is 42.' },
    );
    const { code, stdout, stderr } = await run(['chat', '-q', 'What is the answer?', ...flags()]);
    expect(code).toBe(0);
    expect(stdout).toBe('The answer is 42.\n');
    expect(stderr).toMatch(/📋 todo: /);
    expect(stderr).toMatch(/✓ todo \(\d+\.\d+s\)/);
    expect(stderr).toMatch(/session: \d{8}-\d{6}-[0-9a-f]{6}/);
    expect(model.requests[0]?.body.model).toBe('scripted-model');
    expect(model.toolNames(0)).toEqual(
      expect.arrayContaining(['todo', 'memory', 'session_search', 'delegate_task']),
    );
    expect(model.toolNames(0)).not.toContain('clarify');
  });

  it('prints a JSON transcript and resumes a session by id', async () => {
    model.push(
      { toolCalls: [{ id: 'c1', name: 'memory', arguments: { action: 'add', content: 'likes tea' } }] },
      { text: 'Noted.' },
    );
    const first = await run(['chat', '-q', 'Remember I like tea', '--json', ...flags()]);
    expect(first.code).toBe(0);
    expect(first.stderr).toBe('');
    const transcript = JSON.parse(first.stdout) as {
      session_id: string;
      status: string;
      answer: string;
      messages: { role: string }[];
      tool_calls: { id: string; name: string; status: string; result: string }[];
    };
    expect(transcript).toMatchObject({ status: 'completed', answer: 'Noted.', iterations: 2 });
    expect(transcript.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(transcript.tool_calls).toEqual([
      expect.objectContaining({ id: 'c1', name: 'memory', status: 'ok' }),
    ]);

    model.push({ text: 'You like tea.' });
    const second = await run([
      'chat',
      '-q',
      'What do I like?',
      '--session',
      transcript.session_id,
      ...flags(),
    ]);
    expect(second.stdout).toBe('You like tea.\n');
    const sent = model.requests.at(-1)?.body.messages ?? [];
    expect(sent.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
      'Remember I like tea',
      'What do I like?',
    ]);

    const list = await run(['sessions', 'list', '--json']);
    expect(JSON.parse(list.stdout)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: transcript.session_id, messageCount: 6, state: 'idle' }),
      ]),
    );
    // The app's word on a session (an answer nobody viewed yet) reaches the CLI through the database.
    const shared = SessionStore.open(home);
    shared.runStates.set(transcript.session_id, 'unread');
    shared.close();
    const stated = JSON.parse((await run(['sessions', 'list', '--json'])).stdout) as {
      id: string;
      state: string;
    }[];
    expect(stated.find((row) => row.id === transcript.session_id)?.state).toBe('unread');
    const search = await run(['sessions', 'search', 'tea', '--role', 'user']);
    expect(search.stdout).toContain(`${transcript.session_id}  [user]  Remember I like >>>tea<<<`);
    const show = await run(['sessions', 'show', transcript.session_id]);
    expect(show.stdout).toContain('## User\n\nWhat do I like?');
    const out = join(home, 'export.json');
    const exported = await run(['sessions', 'export', transcript.session_id, '--format', 'json', '-o', out]);
    expect(exported.code).toBe(0);
    expect(JSON.parse(await readFile(out, 'utf8'))).toMatchObject({ session: { id: transcript.session_id } });
    expect((await run(['sessions', 'rename', transcript.session_id, 'Tea', 'talk'])).code).toBe(0);
    expect((await run(['sessions', 'show', transcript.session_id])).stdout).toMatch(/^# Tea talk\n/);
    expect((await run(['sessions', 'delete', transcript.session_id])).code).toBe(0);
    expect((await run(['sessions', 'show', transcript.session_id])).stderr).toMatch(/no session matches/);
  });

  it('reads the model from config.yaml', async () => {
    await writeFile(
      join(home, 'config.yaml'),
      `model:\n  base_url: ${model.baseUrl}\n  name: from-config\n  stream: false\n`,
    );
    model.push({ text: 'configured' });
    const { code, stdout } = await run(['chat', '-q', 'hi']);
    expect(code).toBe(0);
    expect(stdout).toBe('configured\n');
    expect(model.requests[0]?.body).toMatchObject({ model: 'from-config' });
    expect(model.requests[0]?.body.stream).toBeFalsy();
    await rm(join(home, 'config.yaml'));
  });

  it('says exactly what to set when no model is configured', async () => {
    const { code, stderr, stdout } = await run(['chat', '-q', 'hi']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('No model provider is set');
    expect(stderr).toContain('  model:\n    provider: openrouter');
    expect(stderr).toContain('--model, --base-url and --api-key');
  });

  it('reports a model error and exits non-zero', async () => {
    model.push({ status: 401, message: 'invalid key' });
    const { code, stderr } = await run(['chat', '-q', 'hi', ...flags()]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/error: Model request failed \(401\).*invalid key/);
  });

  it('checks its flags', async () => {
    expect((await run(['chat', '-q', '', ...flags()])).code).toBe(2);
    expect((await run(['chat', '--json', ...flags()])).stderr).toMatch(/--json needs -q/);
    expect((await run(['chat', '-q', 'x', '--approvals', 'maybe'])).stderr).toMatch(
      /--approvals must be one of ask, deny, allow/,
    );
    expect((await run(['chat', '-q', 'x', '--session', 'nope', ...flags()])).stderr).toMatch(
      /No session matches "nope"/,
    );
  });
});

describe('caduceus chat activity', () => {
  it('shows a failed command as ✗ with its exit code and the last lines of its output', async () => {
    model.push(
      { toolCalls: [{ name: 'terminal', arguments: { command: 'seq 1 9; exit 1' } }] },
      { text: 'It failed.' },
    );
    const { code, stderr } = await run(['chat', '-q', 'Count and fail', ...flags()]);
    expect(code).toBe(0);
    expect(stderr).toMatch(/✗ terminal \(exit 1, \d+\.\ds\)/);
    expect(stderr).toContain('│ … 4 earlier lines');
    expect(stderr).toContain('│ 9');
    expect(stderr).not.toContain('"exit_code"');
  });
});
