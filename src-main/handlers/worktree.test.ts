import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatEvent, SessionDetail } from '../../src-shared/ipc/chatSchemas';
import { ScriptedModel } from '../agent/testing/scriptedModel';
import type { AppCore } from '../appCore';
import { useCoreHome } from '../testing/coreHome';
import { makeRepo, sh } from '../workspace/testing/gitRepo';

const WAIT = { timeout: 20_000, interval: 50 };
const coreHome = useCoreHome('caduceus-worktree-', { perFile: true, homeInside: true });
let model: ScriptedModel;
let core: AppCore;
let events: ChatEvent[] = [];

beforeAll(async () => {
  await writeFile(join(coreHome.home, 'config.yaml'), `worktrees:\n  root: ${join(coreHome.dir, 'trees')}\n`);
  model = await ScriptedModel.start();
  core = await coreHome.start({
    env: { ...process.env },
    modelOverrides: { baseUrl: model.baseUrl, model: 'scripted', apiKey: 'test-key' },
  });
  core.events.subscribe((name, payload) => {
    if (name === 'chat.event') events.push(payload as ChatEvent);
  });
});
afterAll(async () => {
  await model.close();
});
beforeEach(() => {
  events = [];
  model.reset();
});

async function call<T>(name: string, payload: unknown): Promise<T> {
  const reply = await core.invoke(name, payload);
  if (!reply.ok) throw new Error(`${name}: ${reply.error.message}`);
  return reply.value as T;
}

async function newRepo(name: string): Promise<string> {
  const dir = join(coreHome.dir, name);
  await mkdir(dir);
  return makeRepo(dir);
}

async function worktreeChat(repo: string) {
  model.push(
    {
      toolCalls: [
        { name: 'terminal', arguments: { command: 'echo changed > a.txt && git commit -qam edit' } },
      ],
    },
    { text: 'done' },
  );
  const { sessionId, workspace } = await call<{ sessionId: string; workspace?: string }>('chat.send', {
    text: 'edit',
    workspace: repo,
    worktree: true,
  });
  await vi.waitFor(
    () => expect(events.some((e) => e.type === 'turn.finished' && e.sessionId === sessionId)).toBe(true),
    WAIT,
  );
  expect(workspace).toBe(join(coreHome.dir, 'trees', repo.split('/').at(-1) ?? '', sessionId));
  return sessionId;
}

describe('a worktree chat in the app', () => {
  it('commits in its worktree; merge refuses a dirty checkout; delete asks, then removes', async () => {
    const repo = await newRepo('repo');
    const sessionId = await worktreeChat(repo);
    const detail = await call<SessionDetail>('sessions.get', { id: sessionId });
    expect(detail.worktree).toEqual({
      path: join(coreHome.dir, 'trees', 'repo', sessionId),
      branch: `caduceus/${sessionId}`,
      base: 'main',
    });
    expect(detail.workspace).toBe(detail.worktree?.path);
    // Asked alone, without the session's messages.
    expect(await call('sessions.worktree', { id: sessionId })).toEqual(detail.worktree);
    expect(sh(repo, 'log', '-1', '--format=%s', `caduceus/${sessionId}`).trim()).toBe('edit');
    expect(await readFile(join(repo, 'a.txt'), 'utf8')).toBe('one\ntwo\n');
    expect(await call('sessions.worktreeChanges', { id: sessionId })).toEqual({
      base: 'main',
      files: [{ path: 'a.txt', status: 'M' }],
    });
    expect(await call('sessions.worktreeDiff', { id: sessionId, path: 'a.txt' })).toMatchObject({
      text: expect.stringMatching(/\+changed/),
    });

    await writeFile(join(repo, 'b.txt'), 'mine\n');
    expect(await call('sessions.merge', { id: sessionId })).toMatchObject({ status: 'refused' });
    sh(repo, 'checkout', '--', 'b.txt');

    expect(await call('sessions.delete', { id: sessionId })).toMatchObject({ status: 'needs-confirm' });
    expect(existsSync(detail.worktree?.path ?? '')).toBe(true);
    expect(await call('sessions.delete', { id: sessionId, confirm: true })).toEqual({ ok: true });
    expect(existsSync(detail.worktree?.path ?? '')).toBe(false);
    await expect(call('sessions.get', { id: sessionId })).rejects.toThrow(/No session/);
  });

  it('merges into the base branch', async () => {
    const repo = await newRepo('repo2');
    const sessionId = await worktreeChat(repo);
    expect(await call('sessions.merge', { id: sessionId })).toMatchObject({ status: 'merged', into: 'main' });
    expect(await readFile(join(repo, 'a.txt'), 'utf8')).toBe('changed\n');
    expect(await call('sessions.delete', { id: sessionId })).toEqual({ ok: true });
  });
});
