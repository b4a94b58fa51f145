import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentEventBody } from './events';
import { toolOk } from '../runtime/outcome';
import { newRuntime, spec } from '../runtime/testing/fixtures';
import { personWaitMs } from './personWait';
import { SessionStore } from './sessions/store';
import { storedToolCallViews } from './toolCards';
import { ToolRunner } from './toolRunner';

let home: string;
let store: SessionStore;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-wait-'));
  store = SessionStore.open(home);
});
afterEach(async () => {
  vi.useRealTimers();
  store.close();
  await rm(home, { recursive: true, force: true });
});

describe("a card's time", () => {
  it("is the command's own time; the person's 10 s to decide is shown apart", async () => {
    vi.useFakeTimers({ toFake: ['Date', 'performance', 'setTimeout'] });
    const session = store.createSession({ title: 'timed' });
    const { runtime } = newRuntime();
    // Asks a person (recorded as the approvals relay does), who answers after 10 s; then runs 0.2 s.
    runtime.registry.register(
      spec('asks', 's', {
        handler: async () => {
          store.recordApprovalRequest({
            id: 'q1',
            sessionId: session.id,
            toolCallId: 'c1',
            command: 'x',
            reasons: [],
          });
          await vi.advanceTimersByTimeAsync(10_000);
          store.recordApprovalAnswer('q1', 'once', 'human');
          await vi.advanceTimersByTimeAsync(200);
          return toolOk({ output: 'done', exit_code: 0 }, { exitCode: 0 });
        },
      }),
    );
    const events: AgentEventBody[] = [];
    const runner = new ToolRunner({
      runtime,
      store: () => store,
      loopHandlers: new Map(),
      sessionId: session.id,
      taskId: session.id,
      cwd: home,
      emit: (e) => events.push(e),
    });
    const calls = [{ id: 'c1', type: 'function' as const, function: { name: 'asks', arguments: '{}' } }];
    store.appendMessage(session.id, { role: 'assistant', content: null, tool_calls: calls });
    await runner.runBatch(calls, new Set(['asks']));

    expect(events.find((e) => e.type === 'tool_finished')).toMatchObject({ durationMs: 200, waitMs: 10_000 });
    expect(storedToolCallViews(store, session.id).get('c1')).toMatchObject({
      durationMs: 200,
      waitMs: 10_000,
    });
  });

  it('counts overlapping questions once and only inside the call', () => {
    const asked = (askedAt: number, answeredAt: number | null) => ({
      id: String(askedAt),
      toolCallId: 'c',
      command: '',
      reasons: [],
      decision: null,
      decidedBy: null,
      askedAt,
      answeredAt,
    });
    expect(personWaitMs([asked(0, 50), asked(40, 80), asked(200, null)], 'c', 10, 250)).toBe(70 + 50);
    expect(personWaitMs([asked(0, 50)], 'other', 0, 100)).toBe(0);
  });
});
