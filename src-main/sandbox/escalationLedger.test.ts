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
    expect(await escalation.ask(request)).toEqual({ decision: 'outside' });
    expect(logger.messages).toEqual([
      { level: 'warn', message: expect.stringContaining('database is locked') },
    ]);
  });
});
