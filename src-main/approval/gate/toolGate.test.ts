import { beforeAll, describe, expect, it } from 'vitest';
import { initShellParser } from '../analysis/analyse';
import { FETCH_LOCAL_HOST } from '../analysis/rules/network';
import { scriptedApprover, setup } from '../testing/gateFakes';
import { commandGateFor } from './toolGate';

beforeAll(() => initShellParser());

const check = (extra: { onHost?: boolean } = {}) => ({
  command: "curl -sS -- 'http://127.0.0.1:8080/'",
  sessionId: 's1',
  taskId: 't1',
  toolCallId: 'c1',
  extraKeys: [FETCH_LOCAL_HOST],
  ...extra,
});

describe('commandGateFor', () => {
  it("judges a check made on this machine as local, so a container backend's skip does not let it through", async () => {
    const approver = scriptedApprover('deny');
    const { gate } = setup({ approver }, { containers: 'skip' });
    const docker = commandGateFor(gate, 'docker');
    expect(await docker(check())).toEqual({ allowed: true, decidedBy: 'container-skip' });
    expect(await docker(check({ onHost: true }))).toMatchObject({ allowed: false, decidedBy: 'human' });
    expect(approver.requests.map((r) => r.verdict.keys)).toEqual([[FETCH_LOCAL_HOST]]);
  });
});
