import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatEvent } from '../../src-shared/ipc/chatSchemas';
import type { RevertResult, SessionChanges } from '../../src-shared/ipc/checkpointSchemas';
import { useScriptedModel } from '../agent/testing/scriptedAgent';
import type { AppCore } from '../appCore';
import { processesWith, uniqueSleep } from '../terminal/testing/commandLines';
import { useCoreHome } from '../testing/coreHome';

// The Changes pane's requests over real turns: a scripted model writes through the file tools.
const WAIT = { timeout: 15_000, interval: 50 };
const scripted = useScriptedModel();
const temp = useCoreHome('caduceus-checkpoint-handler-', { perFile: true, homeInside: true });
let core: AppCore;
let work: string;
let events: ChatEvent[] = [];

beforeAll(async () => {
  work = join(temp.dir, 'work');
  await mkdir(join(work, 'src'), { recursive: true });
  await writeFile(join(work, 'src', 'app.js'), 'export const answer = 41;\n');
  await writeFile(join(work, 'README.md'), '# Project\n');
  core = await temp.start({
    env: process.env,
    workspace: work,
    modelOverrides: { baseUrl: scripted.model.baseUrl, model: 'scripted', apiKey: 'test-key' },
  });
  core.events.subscribe((name, payload) => {
    if (name === 'chat.event') events.push(payload as ChatEvent);
  });
});
beforeEach(() => {
  events = [];
  scripted.model.reset();
});

async function call<T>(name: string, payload: unknown): Promise<T> {
  const reply = await core.invoke(name, payload);
  if (!reply.ok) throw new Error(`${name}: ${reply.error.message}`);
  return reply.value as T;
}

async function turn(text: string, ...calls: { name: string; arguments: Record<string, unknown> }[]) {
  scripted.model.push(...calls.map((c) => ({ toolCalls: [c] })), { text: 'Done.' });
  const sent = await call<{ sessionId: string; turnId: string }>('chat.send', {
    text,
    ...(sessionId ? { sessionId } : {}),
  });
  sessionId = sent.sessionId;
  await vi.waitFor(
    () => expect(events.some((e) => e.type === 'turn.finished' && e.turnId === sent.turnId)).toBe(true),
    WAIT,
  );
}
let sessionId: string | undefined;

describe('checkpoints of turns', () => {
  it('lists each turn with its files, shows a diff, reverts a turn and undoes the revert', async () => {
    await turn(
      'Change things',
      { name: 'write_file', arguments: { path: 'notes.txt', content: 'one\ntwo\n' } },
      { name: 'patch', arguments: { path: 'src/app.js', old_string: '41', new_string: '42' } },
    );
    await turn('More', { name: 'write_file', arguments: { path: 'README.md', content: '# Renamed\n' } });
    const changes = await call<SessionChanges>('checkpoints.turns', { sessionId });
    expect(changes.notCovered).toBeNull();
    expect(changes.outside).toEqual(['the session’s temp folder']);
    expect(changes.turns.map((t) => t.turn)).toEqual([1, 2]);
    const [first, second] = changes.turns;
    expect(first?.files.map((f) => [f.path, f.status]).sort()).toEqual([
      ['notes.txt', 'added'],
      ['src/app.js', 'modified'],
    ]);
    expect(first).toMatchObject({ files_changed: 2, insertions: 3, deletions: 1, running: false });
    expect(second?.files.map((f) => f.path)).toEqual(['README.md']);

    const { diff } = await call<{ diff: string }>('checkpoints.fileDiff', {
      sessionId,
      checkpointId: first?.checkpointId,
      path: 'src/app.js',
    });
    expect(diff).toContain('-export const answer = 41;');
    expect(diff).toContain('+export const answer = 42;');

    const reverted = await call<RevertResult>('checkpoints.revertTurn', {
      sessionId,
      checkpointId: first?.checkpointId,
    });
    expect(reverted.laterTurns).toEqual([2]);
    expect(existsSync(join(work, 'notes.txt'))).toBe(false);
    expect(await readFile(join(work, 'src', 'app.js'), 'utf8')).toBe('export const answer = 41;\n');
    expect(await readFile(join(work, 'README.md'), 'utf8')).toBe('# Project\n');

    await call<RevertResult>('checkpoints.undoRevert', { sessionId, undoId: reverted.undoId });
    expect(await readFile(join(work, 'notes.txt'), 'utf8')).toBe('one\ntwo\n');
    expect(await readFile(join(work, 'README.md'), 'utf8')).toBe('# Renamed\n');
  });

  it('reverts one file to before a turn and leaves the rest', async () => {
    const [first] = (await call<SessionChanges>('checkpoints.turns', { sessionId })).turns;
    await call<RevertResult>('checkpoints.revertFile', {
      sessionId,
      checkpointId: first?.checkpointId,
      path: 'src/app.js',
    });
    expect(await readFile(join(work, 'src', 'app.js'), 'utf8')).toBe('export const answer = 41;\n');
    expect(await readFile(join(work, 'notes.txt'), 'utf8')).toBe('one\ntwo\n');
  });

  it('stops the session’s running command before reverting, and names the turns it undoes', async () => {
    const [first] = (await call<SessionChanges>('checkpoints.turns', { sessionId })).turns;
    const command = `sleep ${uniqueSleep()}`;
    scripted.model.push({ toolCalls: [{ name: 'terminal', arguments: { command } }] }, { text: 'Slept.' });
    const sent = await call<{ turnId: string }>('chat.send', { text: 'Sleep', sessionId });
    await vi.waitFor(() => expect(processesWith(command)).not.toEqual([]), WAIT);
    const reverted = await call<RevertResult>('checkpoints.revertTurn', {
      sessionId,
      checkpointId: first?.checkpointId,
    });
    expect(processesWith(command)).toEqual([]);
    expect(events.find((e) => e.type === 'turn.finished' && e.turnId === sent.turnId)).toMatchObject({
      status: 'cancelled',
    });
    expect(reverted.laterTurns).toEqual([2, 3]);
    expect(existsSync(join(work, 'notes.txt'))).toBe(false);
  });

  it('checkpoints the files the Review view discards', async () => {
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], {
        cwd: work,
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          GIT_CONFIG_GLOBAL: '/dev/null',
          GIT_CONFIG_NOSYSTEM: '1',
        },
      });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-q', '-m', 'Start');
    await writeFile(join(work, 'README.md'), '# Unwanted\n');
    const before = core.root.checkpoints.store?.list({ workspace: work }).length ?? 0;
    await call('review.discard', { workspace: work, paths: ['README.md'] });
    const after = core.root.checkpoints.store?.list({ workspace: work }) ?? [];
    expect(after.length).toBe(before + 1);
    expect(after[0]?.label).toBe('before discarding README.md');
    // The discarded edit is in that checkpoint: restoring the file brings it back.
    await core.root.checkpoints.store?.restore(after[0]?.id ?? '', { file: 'README.md' });
    expect(await readFile(join(work, 'README.md'), 'utf8')).toBe('# Unwanted\n');
  });

  it('says so, and takes none, when checkpoints are off', async () => {
    await core.root.configStore.set(['checkpoints', 'enabled'], false);
    const count = () => core.root.checkpoints.store?.list({ session: sessionId }).length;
    const taken = count();
    await turn('Write while off', { name: 'write_file', arguments: { path: 'off.txt', content: 'x\n' } });
    expect(count()).toBe(taken);
    const changes = await call<SessionChanges>('checkpoints.turns', { sessionId });
    expect(changes.notCovered).toContain('checkpoints.enabled');
  });

  it('marks the turn in which a command was let out of the sandbox', async () => {
    core.root.agent.sessions.ledger.record({
      id: 'esc-1',
      at: Date.now(),
      sessionId: sessionId ?? '',
      toolCallId: 'call-esc',
      subjectKind: 'sandbox-escalation',
      subject: 'make install',
      keys: [],
      reasons: [],
      allowed: true,
      decidedBy: 'human',
      rule: null,
      scope: 'once',
      expiresAt: null,
    });
    const { turns } = await call<SessionChanges>('checkpoints.turns', { sessionId });
    expect(turns.at(-1)?.notes.join('\n')).toContain('outside the sandbox');
    expect(turns.at(-1)?.notes.join('\n')).toContain('make install');
    expect(turns[0]?.notes).toEqual([]);
  });

  it('refuses a checkpoint of another session', async () => {
    const reply = await core.invoke('checkpoints.revertTurn', { sessionId: 'nope', checkpointId: 'x' });
    expect(reply.ok).toBe(false);
  });
});
