import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolCall } from '../../src-shared/sessions';
import { toolOk, toolRefused } from '../runtime/outcome';
import { newRuntime, spec } from '../runtime/testing/fixtures';
import { exportSession } from './sessions/export';
import { SessionStore } from './sessions/store';
import { storedToolCallViews } from './toolCards';
import { ToolRunner } from './toolRunner';

let home: string;
let store: SessionStore;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'caduceus-runner-'));
  store = SessionStore.open(home);
});
afterEach(async () => {
  store.close();
  await rm(home, { recursive: true, force: true });
});

const call = (id: string, name: string): ToolCall => ({
  id,
  type: 'function',
  function: { name, arguments: '{}' },
});

describe('ToolRunner records what happened, not only what the model read', () => {
  it('reloads a refusal and an exit code though a hook rewrote the text', async () => {
    const { runtime } = newRuntime();
    runtime.registry.register(
      spec('refused', 's', {
        handler: () =>
          toolRefused({
            kind: 'blocked',
            message: 'This command can never run here.',
            decidedBy: 'hardline',
            reasons: ['Deletes the root filesystem'],
          }),
      }),
    );
    runtime.registry.register(
      spec('failed', 's', { handler: () => toolOk({ output: 'partial', exit_code: 3 }, { exitCode: 3 }) }),
    );
    runtime.hooks.register('transform_tool_result', () => 'redacted by policy');
    const session = store.createSession({ title: 'rewritten' });
    const runner = new ToolRunner({
      runtime,
      store: () => store,
      loopHandlers: new Map(),
      sessionId: session.id,
      taskId: session.id,
      cwd: home,
      emit: () => undefined,
    });
    const calls = [call('c_refused', 'refused'), call('c_failed', 'failed')];
    store.appendMessage(session.id, { role: 'assistant', content: null, tool_calls: calls });
    const messages = await runner.runBatch(calls, new Set(['refused', 'failed']));
    for (const message of messages) store.appendMessage(session.id, message);
    expect(messages.map((m) => m.content)).toEqual(['redacted by policy', 'redacted by policy']);

    const cards = storedToolCallViews(store, session.id);
    expect(cards.get('c_refused')).toMatchObject({
      status: 'blocked',
      result: 'redacted by policy',
      refusal: {
        kind: 'blocked',
        title: 'Refused permanently: this command can never run here',
        reason: expect.stringContaining('Deletes the root filesystem') as unknown,
      },
    });
    expect(cards.get('c_failed')).toMatchObject({ status: 'error', exitCode: 3 });
    const exported = exportSession(store, session.id, 'markdown');
    expect(exported).toContain('Refused permanently');
  });
});
