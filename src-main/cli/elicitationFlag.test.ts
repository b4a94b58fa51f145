import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ElicitationRequest } from '../mcp/clientContext';
import { takeElicitation } from './elicitationFlag';
import { memoryIo } from './testing';

const form: ElicitationRequest = {
  server: 'demo',
  message: 'Which project?',
  schema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Project name', default: 'demo' },
      size: { type: 'integer', default: 3 },
      tier: { type: 'string', enum: ['free', 'pro'], default: 'pro' },
    },
    required: ['name'],
  },
};

function ttyIo() {
  const m = memoryIo({}, '/');
  const stdin = new PassThrough() as PassThrough & { isTTY?: boolean };
  stdin.isTTY = true;
  return { ...m, io: { ...m.io, stdin }, stdin };
}

describe('--elicitation', () => {
  it('asks on a terminal with the defaults filled in; Enter keeps one, bad input asks again', async () => {
    const t = ttyIo();
    const { elicit, rest } = takeElicitation(['mcp_x', '--elicitation', 'ask', '--args', '{}'], t.io);
    expect(rest).toEqual(['mcp_x', '--args', '{}']);
    const answer = elicit(form);
    t.stdin.write('\nbig\n7\n1\na\n');
    expect(await answer).toEqual({ action: 'accept', content: { name: 'demo', size: 7, tier: 'free' } });
    expect(t.stderr()).toContain('MCP server "demo" asks: Which project?');
    expect(t.stderr()).toContain('Project name* [demo]: ');
    expect(t.stderr()).toContain('not a valid integer');
  });

  it('declines or cancels as the person answers, and cancels at end of input', async () => {
    const t = ttyIo();
    const { elicit } = takeElicitation([], t.io);
    const declined = elicit(form);
    t.stdin.write('\n\n\nd\n');
    expect(await declined).toEqual({ action: 'decline' });
    const cancelled = elicit(form);
    t.stdin.end();
    expect(await cancelled).toEqual({ action: 'cancel' });
  });

  it('declines without asking under --approvals deny, even on a terminal', async () => {
    const t = ttyIo();
    const { elicit } = takeElicitation(['--approvals', 'deny'], t.io);
    expect(await elicit(form)).toEqual({ action: 'decline' });
    expect(t.stderr()).toBe('');
  });
});
