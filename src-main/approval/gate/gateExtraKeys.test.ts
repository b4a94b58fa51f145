import { beforeAll, describe, expect, it } from 'vitest';
import { initShellParser } from '../analysis/analyse';
import { call, scriptedApprover, setup } from '../testing/gateFakes';

beforeAll(() => initShellParser());

// File tools report where a write lands; the gate treats those findings like its own. The calls
// name a workspace holding the path, so the command analysis alone finds nothing outside it.
const SRV = { cwd: '/srv', workspace: '/srv' };
const H = { cwd: '/h', workspace: '/h' };

describe('gate: keys the caller adds', () => {
  it('asks about a safe-looking write outside the workspace, and a session answer covers the next', async () => {
    const approver = scriptedApprover('session');
    const { gate } = setup({ approver });
    const first = await gate.check(
      call("tee -- '/srv/out.txt'", { ...SRV, extraKeys: ['write-outside-workspace'] }),
    );
    expect(first).toMatchObject({ allowed: true, decidedBy: 'human', choice: 'session' });
    expect(approver.requests[0]?.verdict.keys).toEqual(['write-outside-workspace']);
    expect(approver.requests[0]?.verdict.reasons).toEqual(['Changes a file outside the workspace']);
    const second = await gate.check(
      call("tee -- '/srv/other.txt'", { ...SRV, extraKeys: ['write-outside-workspace'] }),
    );
    expect(second).toMatchObject({ allowed: true, decidedBy: 'session-grant' });
    expect(approver.requests).toHaveLength(1);
    // Without the finding the same command is safe.
    expect(await gate.check(call("tee -- '/srv/out.txt'", SRV))).toMatchObject({ decidedBy: 'safe' });
  });

  it('ignores keys no rule knows', async () => {
    const { gate } = setup();
    expect(await gate.check(call("tee -- 'x'", { extraKeys: ['no-such-rule'] }))).toMatchObject({
      allowed: true,
      decidedBy: 'safe',
    });
  });

  it('asks a person about every write into $CADUCEUS_HOME, whatever was answered or configured before', async () => {
    const approver = scriptedApprover('always', 'session', 'deny');
    const { gate, store } = setup({ approver }, { mode: 'off', allow: ['tee'] });
    const write = () =>
      gate.check(call("tee -- '/h/skills/x.md'", { ...H, extraKeys: ['caduceus-home-write'] }));
    expect(await write()).toMatchObject({ allowed: true, decidedBy: 'human' });
    expect(approver.requests[0]?.alwaysKeys).toEqual([]);
    expect(await store.list()).toEqual([]);
    expect(await write()).toMatchObject({ allowed: true, decidedBy: 'human' });
    expect(await write()).toMatchObject({ allowed: false, decidedBy: 'human', choice: 'deny' });
    expect(approver.requests).toHaveLength(3);
  });
});
