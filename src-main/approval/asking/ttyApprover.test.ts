import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { GateQuestion } from '../gate/gateTypes';
import { createTtyApprover } from './ttyApprover';

function request(overrides: Partial<GateQuestion> = {}): GateQuestion {
  return {
    id: 'req-12345678',
    command: 'git push --force',
    sessionId: 's',
    taskId: 't',
    toolCallId: 'c',
    verdict: {
      verdict: 'dangerous',
      keys: ['git-push-force'],
      reasons: ['Overwrites remote history: git push --force'],
      segments: [],
      parsed: true,
    },
    alwaysKeys: ['git-push-force'],
    timeoutSeconds: 120,
    createdAt: 0,
    ...overrides,
  };
}

function tty() {
  const input = new PassThrough();
  const output = new PassThrough();
  let written = '';
  output.on('data', (c: Buffer) => (written += c.toString()));
  return { input, output, approver: createTtyApprover({ input, output }), written: () => written };
}

const live = () => new AbortController().signal;

describe('tty approver', () => {
  it.each([
    ['o', 'once'],
    ['once', 'once'],
    ['s', 'session'],
    ['h', 'hour'],
    ['A', 'always'],
    ['d', 'deny'],
    ['', 'deny'],
    ['maybe', 'deny'],
    ['\x1b', 'escape'],
  ])('answer %j → %s', async (typed, expected) => {
    const t = tty();
    const answer = t.approver.request(request(), live());
    t.input.write(`${typed}\n`);
    expect(await answer).toBe(expected);
    expect(t.written()).toContain('[o]nce [s]ession [h]our [a]lways [D]eny');
    expect(t.written()).toContain('git push --force');
    expect(t.written()).toContain('Overwrites remote history');
  });

  it('quotes what a change writes, with control characters shown instead of obeyed', async () => {
    const t = tty();
    const detail = 'line one\n\x1b[1A\x1b[2K\rhidden?\n';
    const answer = t.approver.request(
      request({ command: 'create skill "evil"', subjectKind: 'skill', detail }),
      live(),
    );
    t.input.write('d\n');
    expect(await answer).toBe('deny');
    expect(t.written()).toContain('the agent wants to\n  create skill "evil"');
    expect(t.written()).toContain('  | line one\n  | ^[[1A^[[2K^Mhidden?\n');
    expect(t.written()).not.toContain('\x1b');
  });

  it('"always" with nothing storable counts as session', async () => {
    const t = tty();
    const answer = t.approver.request(request({ alwaysKeys: [] }), live());
    t.input.write('a\n');
    expect(await answer).toBe('session');
  });

  it('end of input closes the prompt', async () => {
    const t = tty();
    const answer = t.approver.request(request(), live());
    t.input.end();
    expect(await answer).toBe('closed');
  });

  it('an aborted signal closes the prompt', async () => {
    const t = tty();
    const controller = new AbortController();
    const answer = t.approver.request(request(), controller.signal);
    controller.abort();
    expect(await answer).toBe('closed');
  });

  it('queues concurrent prompts and keeps typed-ahead lines for the next one', async () => {
    const t = tty();
    const first = t.approver.request(request({ command: 'first' }), live());
    const second = t.approver.request(request({ command: 'second' }), live());
    t.input.write('o\r\ns\n');
    expect(await first).toBe('once');
    expect(await second).toBe('session');
    expect(t.written().indexOf('first')).toBeLessThan(t.written().indexOf('second'));
  });
});
