import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatEvent, SessionSummary } from '../../src-shared/ipc/chatSchemas';
import type { ApprovalRequest } from '../../src-shared/ipc/schemas';
import type { RecordedRequest, ScriptedReply } from '../agent/testing/scriptedModel';
import { useScriptedModel } from '../agent/testing/scriptedAgent';
import type { AppCore } from '../appCore';
import { useCoreHome } from '../testing/coreHome';

// Sessions' turns side by side under sessions.max_concurrent_turns: 1, with a real agent and terminal.
const WAIT = { timeout: 15_000, interval: 50 };
const scripted = useScriptedModel();
const temp = useCoreHome('caduceus-turn-cap-', { perFile: true, homeInside: true });
let core: AppCore;
const events: ChatEvent[] = [];
const approvals: ApprovalRequest[] = [];

function firstUserText(request: RecordedRequest): string {
  const user = request.body.messages.find((m) => m.role === 'user');
  return typeof user?.content === 'string' ? user.content : '';
}

beforeAll(async () => {
  await mkdir(join(temp.dir, 'slow'));
  await mkdir(join(temp.dir, 'doomed'));
  await writeFile(
    join(temp.home, 'config.yaml'),
    `terminal:\n  local:\n    cwd: ${JSON.stringify(temp.dir)}\nsessions:\n  max_concurrent_turns: 1\n`,
  );
  core = await temp.start({
    env: process.env,
    modelOverrides: { baseUrl: scripted.model.baseUrl, model: 'scripted', apiKey: 'test-key' },
  });
  core.events.subscribe((name, payload) => {
    if (name === 'chat.event') events.push(payload as ChatEvent);
    if (name === 'approval.requested') approvals.push(payload as ApprovalRequest);
  });
  scripted.model.fallback = (request): ScriptedReply => {
    const first = firstUserText(request);
    const answered = request.body.messages.at(-1)?.role === 'tool';
    if (answered) return { text: `${first}: done` };
    if (first === 'slow')
      return {
        toolCalls: [
          {
            name: 'terminal',
            arguments: {
              command: 'until [ -e up.flag ]; do sleep 0.1; done',
              workdir: join(temp.dir, 'slow'),
            },
          },
        ],
      };
    if (first === 'needs approval')
      return {
        toolCalls: [{ name: 'terminal', arguments: { command: 'rm -rf ./doomed', workdir: temp.dir } }],
      };
    return { text: `${first}: answered` };
  };
});

async function call<T>(name: string, payload: unknown): Promise<T> {
  const reply = await core.invoke(name, payload);
  if (!reply.ok) throw new Error(`${name}: ${reply.error.message}`);
  return reply.value as T;
}

const send = (text: string) => call<{ sessionId: string; turnId: string }>('chat.send', { text });
const of = (turnId: string, type: ChatEvent['type']) =>
  events.find((e) => e.turnId === turnId && e.type === type);
const asked = (text: string) => scripted.model.requests.some((r) => firstUserText(r) === text);
const stateOf = async (id: string) =>
  (await call<SessionSummary[]>('sessions.list', {})).find((s) => s.id === id)?.state;

describe('max_concurrent_turns', () => {
  it('queues a turn over the cap and says so; a turn waiting for a person gives its slot up', async () => {
    const slow = await send('slow');
    await vi.waitFor(() => expect(of(slow.turnId, 'tool.started')).toBeDefined(), WAIT);
    const queued = await send('queued');
    await vi.waitFor(() => expect(of(queued.turnId, 'turn.queued')).toMatchObject({ running: 1 }), WAIT);
    expect(asked('queued')).toBe(false);

    // Stop works on a queued turn too: it ends without ever reaching the model.
    const dropped = await send('dropped');
    await vi.waitFor(() => expect(of(dropped.turnId, 'turn.queued')).toBeDefined(), WAIT);
    await call('chat.cancel', { sessionId: dropped.sessionId });
    await vi.waitFor(
      () => expect(of(dropped.turnId, 'turn.finished')).toMatchObject({ status: 'cancelled' }),
      WAIT,
    );

    await writeFile(join(temp.dir, 'slow', 'up.flag'), '');
    await vi.waitFor(
      () => expect(of(queued.turnId, 'turn.finished')).toMatchObject({ status: 'done' }),
      WAIT,
    );
    expect(await stateOf(slow.sessionId)).toBe('unread');
    await call('sessions.viewed', { id: slow.sessionId });
    expect(await stateOf(slow.sessionId)).toBe('idle');

    // Waiting for an approval holds no slot: another chat's turn runs meanwhile.
    const waiting = await send('needs approval');
    await vi.waitFor(() => expect(approvals.some((a) => a.sessionId === waiting.sessionId)).toBe(true), WAIT);
    expect(await stateOf(waiting.sessionId)).toBe('waiting');
    const meanwhile = await send('meanwhile');
    await vi.waitFor(
      () => expect(of(meanwhile.turnId, 'turn.finished')).toMatchObject({ status: 'done' }),
      WAIT,
    );
    expect(of(meanwhile.turnId, 'turn.queued')).toBeUndefined();
    expect(asked('dropped')).toBe(false);

    const request = approvals.find((a) => a.sessionId === waiting.sessionId);
    await call('approvals.respond', { id: request?.id, choice: 'deny' });
    await vi.waitFor(() => expect(of(waiting.turnId, 'turn.finished')).toBeDefined(), WAIT);
  }, 60_000);
});
