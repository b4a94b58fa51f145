import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatEvent, SessionDetail } from '../../src-shared/ipc/chatSchemas';
import { useScriptedModel } from '../agent/testing/scriptedAgent';
import type { AppCore } from '../appCore';
import { processesWith, uniqueSleep } from '../terminal/testing/commandLines';
import { useCoreHome } from '../testing/coreHome';
import { ChatEventMapper } from './chatEvents';

// The chat contract end to end inside one process: real agent, real terminal, scripted model.
const WAIT = { timeout: 10_000, interval: 50 };
const scripted = useScriptedModel();
const temp = useCoreHome('caduceus-chat-handler-', { perFile: true, homeInside: true });
let core: AppCore;
let events: ChatEvent[] = [];

beforeAll(async () => {
  await writeFile(
    join(temp.home, 'config.yaml'),
    `terminal:\n  local:\n    cwd: ${JSON.stringify(temp.dir)}\n`,
  );
  core = await temp.start({
    env: process.env,
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

const finished = (turnId: string) =>
  events.find(
    (e): e is Extract<ChatEvent, { type: 'turn.finished' }> =>
      e.type === 'turn.finished' && e.turnId === turnId,
  );

describe('chat.cancel', () => {
  it('ends a turn stuck in `sleep 100`, keeps the call as stopped, and the next message works', async () => {
    // `sleep 100.<unique>`: a long sleep this test can find in /proc.
    const duration = `100.${uniqueSleep().replace('.', '')}`;
    const command = `sleep ${duration}`;
    scripted.model.push({ toolCalls: [{ id: 'call_sleep', name: 'terminal', arguments: { command } }] });
    const { sessionId, turnId } = await call<{ sessionId: string; turnId: string }>('chat.send', {
      text: 'Sleep for a long time',
    });
    await vi.waitFor(() => expect(processesWith(command)).not.toEqual([]), WAIT);
    // A window reloading now reads that the turn runs, so it can offer Stop.
    expect(await call<SessionDetail>('sessions.get', { id: sessionId })).toMatchObject({ running: true });

    await call('chat.cancel', { sessionId });
    await vi.waitFor(() => expect(finished(turnId)?.status).toBe('cancelled'), WAIT);
    await vi.waitFor(() => expect(processesWith(command)).toEqual([]), WAIT);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'tool.finished', toolCallId: 'call_sleep', status: 'stopped' }),
    );
    // The message that holds the card is never replaced by one without it.
    const started = events.find((e) => e.type === 'tool.started');
    const holder = started?.type === 'tool.started' ? started.messageId : '';
    expect(events.filter((e) => e.type === 'assistant.message' && e.message.id === holder)).toEqual([]);
    // Nothing of the finished turn follows its end.
    expect(events.at(-1)).toMatchObject({ type: 'turn.finished', turnId });

    const stored = await call<SessionDetail>('sessions.get', { id: sessionId });
    const card = stored.messages.flatMap((m) => m.toolCalls).find((c) => c.id === 'call_sleep');
    expect(card?.status).toBe('stopped');
    expect(stored.running).toBeUndefined();

    scripted.model.push({ text: 'Awake again.' });
    const next = await call<{ turnId: string }>('chat.send', { sessionId, text: 'Are you there?' });
    await vi.waitFor(() => expect(finished(next.turnId)?.status).toBe('done'), WAIT);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'assistant.message',
        turnId: next.turnId,
        message: expect.objectContaining({ content: 'Awake again.' }),
      }),
    );
    const sent = scripted.model.requests.at(-1)?.body.messages ?? [];
    expect(sent.find((m) => m.role === 'tool')?.content).toMatch(/Cancelled/);
  });
});

describe('tool cards', () => {
  async function runOne(id: string, command: string) {
    scripted.model.push({ toolCalls: [{ id, name: 'terminal', arguments: { command } }] });
    scripted.model.push({ text: 'Done.' });
    const { sessionId, turnId } = await call<{ sessionId: string; turnId: string }>('chat.send', {
      text: `Run ${command}`,
    });
    await vi.waitFor(() => expect(finished(turnId)?.status).toBe('done'), WAIT);
    const live = events.find(
      (e): e is Extract<ChatEvent, { type: 'tool.finished' }> =>
        e.type === 'tool.finished' && e.toolCallId === id,
    );
    const stored = await call<SessionDetail>('sessions.get', { id: sessionId });
    const card = stored.messages.flatMap((m) => m.toolCalls).find((c) => c.id === id);
    return { live, card };
  }

  it('shows a non-zero exit as a failure with its code and the output as text, live and reloaded', async () => {
    const { live, card } = await runOne('call_fail', 'printf "1\\n2\\n"; exit 3');
    expect(live).toMatchObject({ status: 'error', details: { exitCode: 3, outputText: '1\n2\n' } });
    expect(card).toMatchObject({ status: 'error', exitCode: 3, outputText: '1\n2\n' });
  });

  it('explains the hardline refusal of rm -rf / in words, the same live and reloaded', async () => {
    const { live, card } = await runOne('call_rm', 'rm -rf /');
    expect(live?.status).toBe('blocked');
    expect(live?.details?.refusal?.title).toMatch(/permanently/i);
    expect(live?.details?.refusal?.advice).not.toBe('');
    expect(card?.status).toBe('blocked');
    expect(card?.refusal).toEqual(live?.details?.refusal);
  });
});

describe('live messages', () => {
  it('carry the ids sessions.get and find give them once stored, over two turns', async () => {
    const send = async (text: string, sessionId?: string) => {
      const sent = await call<{ sessionId: string; turnId: string }>('chat.send', {
        text,
        ...(sessionId ? { sessionId } : {}),
      });
      await vi.waitFor(() => expect(finished(sent.turnId)?.status).toBe('done'), WAIT);
      return sent.sessionId;
    };
    scripted.model.push({
      text: 'Looking for quokka',
      toolCalls: [{ id: 'call_q1', name: 'terminal', arguments: { command: 'echo quokka-out' } }],
    });
    scripted.model.push({ toolCalls: [{ id: 'call_q2', name: 'terminal', arguments: { command: 'true' } }] });
    scripted.model.push({ text: 'Found the quokka.' });
    const sessionId = await send('Find the quokka');
    scripted.model.push({ text: 'Still a quokka.' });
    await send('And now, quokka?', sessionId);

    // The live message each stored id belongs to, as the events tell it.
    const liveOf = new Map<string, string>();
    for (const e of events) {
      if (e.type === 'turn.started' && e.userMessage.storedId)
        liveOf.set(e.userMessage.storedId, e.userMessage.id);
      if (e.type === 'tool.started' && e.storedMessageId) liveOf.set(e.storedMessageId, e.messageId);
      if (e.type === 'assistant.message' && e.message.storedId) liveOf.set(e.message.storedId, e.message.id);
    }
    const live = new Map<string, { content: string; calls: string[] }>();
    for (const e of events) {
      if (e.type === 'turn.started')
        live.set(e.userMessage.id, { content: e.userMessage.content, calls: [] });
      if (e.type === 'assistant.delta') {
        const m = live.get(e.messageId) ?? { content: '', calls: [] };
        live.set(e.messageId, { ...m, content: m.content + e.text });
      }
      if (e.type === 'tool.started') live.get(e.messageId)?.calls.push(e.call.id);
    }
    const stored = await call<SessionDetail>('sessions.get', { id: sessionId });
    const texts = stored.messages.filter((m) => m.content !== '');
    expect(texts.map((m) => m.content)).toEqual([
      'Find the quokka',
      'Looking for quokka',
      'Found the quokka.',
      'And now, quokka?',
      'Still a quokka.',
    ]);
    // Every stored message with text, and every stored call's message, is some live message's.
    for (const m of stored.messages) {
      const shown = live.get(liveOf.get(m.id) ?? '');
      expect(shown, m.id).toBeDefined();
      if (m.content) expect(shown?.content).toBe(m.content);
      for (const c of m.toolCalls) expect(shown?.calls).toContain(c.id);
    }
    const found = await call<{ hits: { messageId: string }[] }>('sessions.find', {
      id: sessionId,
      query: 'quokka',
    });
    expect(found.hits.length).toBeGreaterThanOrEqual(6);
    for (const hit of found.hits) expect(liveOf.has(hit.messageId)).toBe(true);
  });
});

describe('deny with a reason', () => {
  it('passes the note to the model with the refusal and shows it on the card', async () => {
    scripted.model.push({
      toolCalls: [{ id: 'call_note', name: 'terminal', arguments: { command: 'rm -rf ./old-build' } }],
    });
    scripted.model.push({ text: 'Understood.' });
    const { sessionId, turnId } = await call<{ sessionId: string; turnId: string }>('chat.send', {
      text: 'Clean up',
    });
    let pending: { id: string }[] = [];
    await vi.waitFor(async () => {
      pending = await call<{ id: string }[]>('approvals.pending', {});
      expect(pending).toHaveLength(1);
    }, WAIT);
    const note = 'Keep old-build, the release needs it';
    await call('approvals.respond', { id: pending[0]?.id, choice: 'deny', note });
    await vi.waitFor(() => expect(finished(turnId)?.status).toBe('done'), WAIT);

    const sent = scripted.model.requests.at(-1)?.body.messages ?? [];
    expect(sent.find((m) => m.role === 'tool')?.content).toContain(note);
    const stored = await call<SessionDetail>('sessions.get', { id: sessionId });
    const card = stored.messages.flatMap((m) => m.toolCalls).find((c) => c.id === 'call_note');
    expect(card).toMatchObject({ status: 'denied', refusal: { kind: 'denied', note } });
  });
});

describe('the live card', () => {
  it("takes a refusal from the call's outcome, though a hook rewrote the result's text", () => {
    const mapper = new ChatEventMapper('s', 't');
    const base = { sessionId: 's', depth: 0, toolCallId: 'c', name: 'terminal' } as const;
    mapper.map({ ...base, type: 'tool_started', emoji: '', argsPreview: 'rm -rf build' });
    const [finishedEvent] = mapper.map({
      ...base,
      type: 'tool_finished',
      status: 'error',
      durationMs: 5,
      resultPreview: 'rewritten by a hook',
      result: 'rewritten by a hook',
      approval: 'denied',
    });
    expect(finishedEvent).toMatchObject({
      type: 'tool.finished',
      status: 'denied',
      details: { refusal: { kind: 'denied', title: 'Denied by you' } },
    });
  });
});
