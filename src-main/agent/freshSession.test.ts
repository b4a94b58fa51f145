import { afterEach, describe, expect, it, vi } from 'vitest';
import { agentHarness } from './testing/harness';
import { useScriptedModel } from './testing/scriptedAgent';

// Every id draws the same random part, so a new agent's id meets the stored session's.
vi.mock('node:crypto', async (original) => ({
  ...(await original<object>()),
  randomBytes: (n: number) => Buffer.alloc(n, 0x5e),
}));

const scripted = useScriptedModel();
afterEach(() => vi.useRealTimers());

describe('a new agent session', () => {
  it('never takes over a stored session that drew the same id in the same second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 2, 3, 4, 5, 6));
    const h = await agentHarness({ baseUrl: scripted.model.baseUrl });
    const store = h.root.sessions;
    const other = store.createSession({ id: '20260303-040506-5e5e5e', title: 'someone else' });
    store.appendMessage(other.id, { role: 'user', content: 'private history' });

    const agent = h.agent();
    expect(agent.sessionId).not.toBe(other.id);
    scripted.model.push({ text: 'Hello.' });
    await agent.runTurn('hi');
    const sent = scripted.model.requests.at(-1)?.body.messages ?? [];
    expect(JSON.stringify(sent)).not.toContain('private history');
    expect(store.messages(other.id)).toEqual([{ role: 'user', content: 'private history' }]);
    await h.cleanup();
  });

  it('fails its first turn, rather than take it over, when another process stored its id meanwhile', async () => {
    const h = await agentHarness({ baseUrl: scripted.model.baseUrl });
    const store = h.root.sessions;
    const agent = h.agent();
    // Another process (a CLI chat on the same home) stores a session under the same id first.
    store.createSession({ id: agent.sessionId, title: 'the other process' });
    store.appendMessage(agent.sessionId, { role: 'user', content: 'private history' });
    scripted.model.push({ text: 'Hello.' });
    expect(await agent.runTurn('hi')).toMatchObject({
      status: 'error',
      error: `A session with id ${agent.sessionId} already exists`,
    });
    expect(scripted.model.requests.map((r) => JSON.stringify(r.body))).not.toContainEqual(
      expect.stringContaining('private history'),
    );
    expect(store.messages(agent.sessionId)).toEqual([{ role: 'user', content: 'private history' }]);
    expect(store.getSession(agent.sessionId)?.title).toBe('the other process');
    await h.cleanup();
  });
});
