import { describe, expect, it } from 'vitest';
import { createMemoryAllowlistStore } from '../approval/gate';
import { createMemoryLogger } from '../runtime/logger';
import { SandboxEscalation } from './escalation';

const refusal = { kind: 'write', path: '/etc/x', message: 'The sandbox refused to write /etc/x.' } as const;
const request = { command: 'touch /etc/x', refusal, sessionId: 's', taskId: 't', toolCallId: 'c' };

describe('the escalation ledger', () => {
  it('keeps the answer when the ledger cannot be written, and says so in the log', async () => {
    const logger = createMemoryLogger();
    const escalation = new SandboxEscalation({
      approver: { request: async () => 'once' },
      store: createMemoryAllowlistStore(),
      ledger: {
        record: () => {
          throw new Error('database is locked');
        },
      },
      logger,
    });
    expect(await escalation.ask(request)).toEqual({ decision: 'outside', decidedBy: 'human' });
    expect(logger.messages).toEqual([
      { level: 'warn', message: expect.stringContaining('database is locked') },
    ]);
  });
});

describe('an "always" answer to run outside the sandbox', () => {
  const rm = {
    command: 'rm -r /tmp/elsewhere/victim',
    refusal: { kind: 'write', path: '/tmp/elsewhere/victim', message: 'The sandbox refused.' } as const,
    sessionId: 's',
    taskId: 't',
    toolCallId: 'c',
  };

  it('does not store a prefix that would let every rm run outside, and says why', async () => {
    const logger = createMemoryLogger();
    const store = createMemoryAllowlistStore();
    const escalation = new SandboxEscalation({ approver: { request: async () => 'always' }, store, logger });
    expect(await escalation.ask(rm)).toEqual({ decision: 'outside', decidedBy: 'human' });
    expect(await store.list()).toEqual([]);
    expect(await escalation.runsOutside('rm -rf /tmp/other', 'other-session')).toBe(false);
    expect(logger.messages).toEqual([
      { level: 'warn', message: expect.stringMatching(/"rm" would allow "rm -rf \/"/) },
    ]);
  });

  it('ignores such a prefix typed into config.yaml', async () => {
    const store = createMemoryAllowlistStore();
    await store.add(['sandbox-outside:rm', 'sandbox-outside:npm test']);
    const escalation = new SandboxEscalation({ approver: { request: async () => 'closed' }, store });
    expect(await escalation.runsOutside('rm -rf /tmp/other', 's')).toBe(false);
    expect(await escalation.runsOutside('npm test', 's')).toBe(true);
  });
});
