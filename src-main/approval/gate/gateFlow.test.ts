import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HookBus } from '../../runtime/hooks';
import { initShellParser } from '../analysis/analyse';
import { denialMessage } from './gate';
import type { ApprovalHooks, GateQuestion, Approver, ApproverAnswer, SmartApprover } from './gateTypes';
import { call, scriptedApprover, setup, silentApprover } from '../testing/gateFakes';

beforeAll(() => initShellParser());
afterEach(() => vi.useRealTimers());

describe('timeouts and cancellation', () => {
  it('a configured deadline denies as timed out and aborts the prompt', async () => {
    vi.useFakeTimers();
    const approver = silentApprover();
    const { gate } = setup({ approver }, { timeoutSeconds: 120 });
    const pending = gate.check(call('git reset --hard'));
    await vi.advanceTimersByTimeAsync(119_000);
    expect(approver.signals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    const d = await pending;
    expect(d).toMatchObject({ allowed: false, decidedBy: 'timeout', choice: 'deny' });
    expect(approver.signals[0]?.aborted).toBe(true);
    expect(denialMessage(d)).toMatch(/120 seconds.*did not consent/s);
  });

  it('honours a configured timeout', async () => {
    const { gate } = setup({ approver: silentApprover() }, { timeoutSeconds: 0.05 });
    expect(await gate.check(call('git reset --hard'))).toMatchObject({
      allowed: false,
      decidedBy: 'timeout',
    });
  });

  it('a cancelled turn closes the prompt and denies', async () => {
    const approver = silentApprover();
    const { gate } = setup({ approver });
    const controller = new AbortController();
    const pending = gate.check(call('git reset --hard', { signal: controller.signal }));
    await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    expect(await pending).toMatchObject({ allowed: false, decidedBy: 'human', choice: 'closed' });
    expect(approver.signals[0]?.aborted).toBe(true);
  });
});

describe('concurrent calls in one session', () => {
  it('share one prompt and its session answer', async () => {
    const requests: GateQuestion[] = [];
    const answers: Array<(a: ApproverAnswer) => void> = [];
    const approver: Approver = {
      request: (req) => {
        requests.push(req);
        return new Promise((r) => answers.push(r));
      },
    };
    const { gate } = setup({ approver });
    const first = gate.check(call('git clean -fd'));
    const second = gate.check(call('git clean -fdx'));
    const otherSession = gate.check(call('git clean -f', { sessionId: 's9' }));
    await vi.waitFor(() => expect(requests.length).toBeGreaterThanOrEqual(2));
    expect(requests.map((r) => r.sessionId)).toEqual(['s1', 's9']);
    answers[0]?.('session');
    answers[1]?.('deny');
    expect(await first).toMatchObject({ allowed: true, decidedBy: 'human' });
    expect(await second).toMatchObject({ allowed: true, decidedBy: 'session-grant' });
    expect(await otherSession).toMatchObject({ allowed: false });
  });

  it('a once answer covers only its own call; the waiting call asks again', async () => {
    const approver = scriptedApprover('once', 'deny');
    const { gate } = setup({ approver });
    const [a, b] = await Promise.all([gate.check(call('git clean -fd')), gate.check(call('git clean -fd'))]);
    expect([a.allowed, b.allowed].sort()).toEqual([false, true]);
    expect(approver.requests).toHaveLength(2);
  });
});

describe('smart approval', () => {
  function smart(
    ...answers: Array<'approve' | 'deny' | 'escalate' | Error>
  ): SmartApprover & { seen: string[] } {
    const seen: string[] = [];
    return {
      seen,
      assess: (req) => {
        seen.push(req.command);
        const a = answers.shift() ?? 'escalate';
        return a instanceof Error ? Promise.reject(a) : Promise.resolve(a);
      },
    };
  }

  it('approve covers only that command; deny denies; escalate and errors ask the human', async () => {
    const smartApprover = smart('approve', 'deny', 'escalate', new Error('model down'));
    const approver = scriptedApprover('once', 'deny');
    const { gate, store } = setup({ smartApprover, approver }, { mode: 'smart' });
    expect(await gate.check(call('git clean -fd'))).toMatchObject({
      allowed: true,
      decidedBy: 'smart',
      source: 'model',
    });
    const denied = await gate.check(call('git clean -fd'));
    expect(denied).toMatchObject({ allowed: false, decidedBy: 'smart' });
    expect(denialMessage(denied)).toMatch(/did not consent/);
    expect(await gate.check(call('git clean -fd'))).toMatchObject({ allowed: true, decidedBy: 'human' });
    expect(await gate.check(call('git clean -fd'))).toMatchObject({ allowed: false, decidedBy: 'human' });
    expect(await store.list()).toEqual([]);
    expect(gate.sessionKeys('s1')).toEqual([]);
  });

  it('never sees a hardline command, nor runs in manual mode', async () => {
    const smartApprover = smart('approve', 'approve');
    const { gate } = setup({ smartApprover }, { mode: 'smart' });
    expect(await gate.check(call(':(){ :|:& };:'))).toMatchObject({ allowed: false, decidedBy: 'hardline' });
    expect(await gate.check(call('sudo reboot'))).toMatchObject({ allowed: false, decidedBy: 'hardline' });
    expect(smartApprover.seen).toEqual([]);
    const manual = setup({ smartApprover, approver: scriptedApprover('deny') }, { mode: 'manual' });
    await manual.gate.check(call('git clean -fd'));
    expect(smartApprover.seen).toEqual([]);
  });
});

describe('hooks', () => {
  it('fire before the prompt and after the answer', async () => {
    const { gate, fired } = setup({ approver: scriptedApprover('once') });
    await gate.check(call('git reset --hard', { toolCallId: 'hook-call' }));
    expect(fired.map((f) => f.name)).toEqual(['pre_approval_request', 'post_approval_response']);
    expect(fired[0]?.payload).toMatchObject({
      command: 'git reset --hard',
      toolCallId: 'hook-call',
      keys: ['git-reset-hard'],
    });
    expect(fired[1]?.payload).toMatchObject({
      choice: 'once',
      allowed: true,
      requestId: fired[0]?.payload.requestId,
    });
  });

  it('a throwing hook does not change the decision', async () => {
    const hooks: ApprovalHooks = {
      fire: () => {
        throw new Error('plugin bug');
      },
    };
    const { gate, logger } = setup({ hooks, approver: scriptedApprover('once') });
    expect(await gate.check(call('git reset --hard'))).toMatchObject({ allowed: true });
    expect(logger.warn).toHaveBeenCalled();
  });

  it('the runtime hook bus fits the hooks interface', async () => {
    const logger = { warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn() };
    const bus = new HookBus(logger);
    const seen: string[] = [];
    bus.register('post_approval_response', (info) => void seen.push(String(info.choice)));
    const hooks: ApprovalHooks = bus;
    const { gate } = setup({ hooks, approver: scriptedApprover('once') });
    await gate.check(call('git reset --hard'));
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual(['once']);
  });
});
