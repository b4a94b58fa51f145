import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../../src-shared/ipc/schemas';
import { EventBus } from '../../contract/eventBus';
import { ApprovalBroker } from './broker';

const req = (id: string): ApprovalRequest => ({
  id,
  command: 'rm -rf build',
  sessionId: 's',
  taskId: 't',
  toolCallId: 'c',
  verdict: 'dangerous',
  keys: ['k'],
  reasons: ['r'],
  segments: [],
  alwaysKeys: ['k'],
  createdAt: 1,
});

function setup(native?: ConstructorParameters<typeof ApprovalBroker>[1]) {
  const bus = new EventBus();
  const seen: [string, unknown][] = [];
  bus.subscribe((name, payload) => seen.push([name, payload]));
  return { broker: new ApprovalBroker(bus, native), seen };
}

describe('ApprovalBroker', () => {
  it('publishes a request, lists it while pending, and resolves with the answer', async () => {
    const { broker, seen } = setup();
    const answer = broker.ask(req('a'), new AbortController().signal);
    expect(broker.list().map((r) => r.id)).toEqual(['a']);
    broker.respond('a', 'session');
    expect(await answer).toBe('session');
    expect(broker.list()).toEqual([]);
    expect(seen).toEqual([
      ['approval.requested', req('a')],
      ['approval.resolved', { id: 'a', choice: 'session' }],
    ]);
  });

  it('rejects answers for unknown or already-answered ids', async () => {
    const { broker } = setup();
    const answer = broker.ask(req('a'), new AbortController().signal);
    broker.respond('a', 'deny');
    await answer;
    expect(() => broker.respond('a', 'always')).toThrow(/already answered/);
    expect(() => broker.respond('zzz', 'once')).toThrow(/No pending approval/);
  });

  it('closes the request as a denial on abort (timeout) and tells the UI', async () => {
    const { broker, seen } = setup();
    const controller = new AbortController();
    const answer = broker.ask(req('a'), controller.signal);
    controller.abort();
    expect(await answer).toBe('closed');
    expect(seen.at(-1)).toEqual(['approval.resolved', { id: 'a', choice: 'timeout' }]);
  });

  it('takes the first answer from either the native dialog or the UI, and closes the other', async () => {
    let nativeSignal: AbortSignal | undefined;
    const { broker } = setup((_r, signal) => {
      nativeSignal = signal;
      return new Promise((resolve) => signal.addEventListener('abort', () => resolve('deny')));
    });
    const answer = broker.ask(req('a'), new AbortController().signal);
    broker.respond('a', 'once');
    expect(await answer).toBe('once');
    expect(nativeSignal?.aborted).toBe(true);

    const { broker: b2 } = setup(async () => 'always');
    expect(await b2.ask(req('b'), new AbortController().signal)).toBe('always');
    expect(() => b2.respond('b', 'deny')).toThrow();
  });

  it('denies everything still waiting on shutdown', async () => {
    const { broker } = setup();
    const a = broker.ask(req('a'), new AbortController().signal);
    const b = broker.ask(req('b'), new AbortController().signal);
    broker.closeAll();
    expect(await Promise.all([a, b])).toEqual(['closed', 'closed']);
  });
});

describe('ApprovalBroker batches', () => {
  it('publishes every request of a batch; windows answer each by id, with mixed choices', async () => {
    const { broker, seen } = setup();
    const batch = [req('a'), req('b'), req('c')].map((r) => ({ ...r, batchId: 'B' }));
    const answers = broker.askBatch(batch, new AbortController().signal);
    expect(broker.list().map((r) => r.batchId)).toEqual(['B', 'B', 'B']);
    broker.respond('b', 'deny');
    broker.respond('a', 'once');
    broker.respond('c', 'hour');
    expect(await answers).toEqual(['once', 'deny', 'hour']);
    expect(seen.filter(([name]) => name === 'approval.requested')).toHaveLength(3);
  });

  it('raises one native dialog for the whole batch, never one per request', async () => {
    const bus = new EventBus();
    let singles = 0;
    const shown: string[][] = [];
    const broker = new ApprovalBroker(
      bus,
      async () => {
        singles++;
        return 'deny';
      },
      async (requests) => {
        shown.push(requests.map((r) => r.id));
        return ['session', 'deny'];
      },
    );
    const answers = await broker.askBatch([req('a'), req('b')], new AbortController().signal);
    expect(answers).toEqual(['session', 'deny']);
    expect(shown).toEqual([['a', 'b']]);
    expect(singles).toBe(0);
  });

  it('an abort closes every request of the batch', async () => {
    const { broker } = setup();
    const controller = new AbortController();
    const answers = broker.askBatch([req('a'), req('b')], controller.signal);
    controller.abort();
    expect(await answers).toEqual(['closed', 'closed']);
    expect(broker.list()).toEqual([]);
  });
});
