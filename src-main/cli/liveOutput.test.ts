import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src-shared/agentEvents';
import { activityPrinter } from './chatActivity';

function printer(live: boolean) {
  const stderr = new PassThrough();
  const out: string[] = [];
  stderr.on('data', (c: Buffer) => out.push(c.toString()));
  // eslint-disable-next-line no-control-regex -- the dimming is not what is asserted
  const text = () => out.join('').replace(/\x1b\[[0-9;]*m/g, '');
  return { print: activityPrinter(stderr, { live }), text };
}

const base = { sessionId: 's', depth: 0, toolCallId: 'c1' } as const;
const output = (chunk: string): AgentEvent => ({ type: 'tool_output', ...base, chunk });
const finished: AgentEvent = {
  type: 'tool_finished',
  ...base,
  name: 'terminal',
  status: 'ok',
  durationMs: 1200,
  resultPreview: '',
  result: JSON.stringify({ output: 'one\ntwo\n50%\r100%\nlast', exit_code: 0 }),
  outcome: { exitCode: 0 },
};

describe('live command output', () => {
  it('shows whole lines as they arrive, the last version of a redrawn line, and no tail again at the end', () => {
    const { print, text } = printer(true);
    print(output('one\ntw'));
    expect(text()).toBe('  │ one\n');
    print(output('o\n50%\r100%\n\x1b[31mla'));
    expect(text()).toBe('  │ one\n  │ two\n  │ 100%\n');
    print(output('st\x1b[0m'));
    print(finished);
    expect(text()).toBe('  │ one\n  │ two\n  │ 100%\n  │ last\n  ✓ terminal (exit 0, 1.2s)\n');
  });

  it('keeps the tail at the end when output is not shown live (a pipe, a log)', () => {
    const { print, text } = printer(false);
    print(output('one\ntwo\n'));
    print(finished);
    expect(text()).toContain('✓ terminal (exit 0, 1.2s)\n  │ one\n  │ two\n');
  });
});
