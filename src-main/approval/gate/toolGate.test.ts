import { beforeAll, describe, expect, it } from 'vitest';
import { initShellParser } from '../analysis/analyse';
import { localHostKey } from '../analysis/rules/network';
import { scriptedApprover, setup } from '../testing/gateFakes';
import { commandGateFor } from './toolGate';

beforeAll(() => initShellParser());

const check = (command: string, extra: { onHost?: boolean; extraKeys?: string[] } = {}) => ({
  command,
  sessionId: 's1',
  taskId: 't1',
  toolCallId: 'c1',
  ...extra,
});

describe('commandGateFor', () => {
  it("judges a check made on this machine as local, so a container backend's skip does not let it through", async () => {
    const approver = scriptedApprover('deny');
    const { gate } = setup({ approver }, { containers: 'skip' });
    const docker = commandGateFor(gate, 'docker');
    expect(await docker(check('rm -r src'))).toEqual({ allowed: true, decidedBy: 'container-skip' });
    expect(await docker(check('rm -r src', { onHost: true }))).toMatchObject({
      allowed: false,
      decidedBy: 'human',
    });
    expect(approver.requests.map((r) => r.verdict.keys)).toEqual([['rm-recursive']]);
  });

  it('asks a person about a local-host fetch whatever the backend', async () => {
    const approver = scriptedApprover('deny');
    const { gate } = setup({ approver }, { containers: 'skip' });
    const key = localHostKey('127.0.0.1', 8080);
    const fetch = check("curl -sS -- 'http://127.0.0.1:8080/'", { extraKeys: [key] });
    expect(await commandGateFor(gate, 'docker')(fetch)).toMatchObject({ allowed: false, decidedBy: 'human' });
    expect(approver.requests.map((r) => r.verdict.keys)).toEqual([[key]]);
  });
});
