import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initShellParser } from '../approval/analysis';
import { allowOnceApprover } from '../approval/asking';
import { commandGateFor, createMemoryAllowlistStore, type ApproverAnswer } from '../approval/gate';
import { scriptedApprover, setup } from '../approval/testing/gateFakes';
import { EgressPolicy } from '../sandbox/egress';
import { egressAsk } from './egress';
import { loadTools } from './testing/harness';
import { sendText, startServer, type TestServer } from './testing/httpServer';
import type { ToolServices } from './toolModule';
import * as web from './web';

// A person's answer about a local host is about that host and port: it opens nothing else.

type ApprovalSettings = NonNullable<Parameters<typeof setup>[1]>;

let asked: TestServer;
let other: TestServer;

beforeAll(async () => {
  await initShellParser();
  asked = await startServer((_req, res) => sendText(res, 'asked host', 'text/plain'));
  other = await startServer((_req, res) => sendText(res, 'other host', 'text/plain'));
});

afterAll(async () => {
  await asked.close();
  await other.close();
});

interface Extract {
  pages: Array<{ url: string; content?: string; error?: string }>;
}

/** web_extract behind the real gate, with an approver answering from a script. */
function withGate(
  answers: ApproverAnswer[],
  settings: Partial<ApprovalSettings> = {},
  extra = {},
  egress = new EgressPolicy(),
) {
  const approver = scriptedApprover(...answers);
  const store = createMemoryAllowlistStore();
  const { gate } = setup({ approver, store, ...extra }, settings);
  const services: ToolServices = {
    env: {},
    egress,
    commandGate: commandGateFor(gate, 'local'),
  };
  const tools = loadTools(web, services);
  const fetch = async (url: string, sessionId = 'session-1') =>
    (await tools.json<Extract>('web_extract', { urls: [url] }, { sessionId })).pages[0];
  /** Asks about a host no test may connect to: only whether it would be let through. */
  const wouldAllow = async (url: string) => {
    const ask = egressAsk(services, { taskId: 't', sessionId: 'session-1', toolCallId: 'c' });
    return (await services.egress?.checkUrl(new URL(url), ask))?.allowed;
  };
  return { approver, store, gate, fetch, wouldAllow };
}

describe('an answer about a local host', () => {
  for (const answer of ['session', 'hour', 'always'] as const)
    it(`"${answer}" for 127.0.0.1:A opens 127.0.0.1:A only, not another port or 10.0.0.5`, async () => {
      const { approver, store, fetch, wouldAllow } = withGate([answer, 'deny', 'deny']);
      const before = other.requests.length;
      expect((await fetch(`${asked.url}/one`))?.content).toBe('asked host');
      expect((await fetch(`${asked.url}/two`))?.content).toBe('asked host');
      expect((await fetch(`${other.url}/x`))?.error).toMatch(/loopback address/);
      expect(await wouldAllow('http://10.0.0.5/')).toBe(false);
      expect(other.requests.length).toBe(before);
      const host = new URL(asked.url).host;
      expect(approver.requests.map((r) => r.verdict.keys)).toEqual([
        [`fetch-local-host:${host}`],
        [`fetch-local-host:${new URL(other.url).host}`],
        ['fetch-local-host:10.0.0.5:80'],
      ]);
      expect(await store.list()).not.toContain('fetch-local-host');
    });

  it('a yes for a name covers the address shown, not the one the name resolves to next', async () => {
    const answers = [['10.0.0.5'], ['127.0.0.1'], ['10.0.0.5']];
    const resolve = async () => (answers.shift() ?? []).map((address) => ({ address, family: 4 as const }));
    const { approver, wouldAllow } = withGate(['session', 'deny'], {}, {}, new EgressPolicy({ resolve }));
    expect(await wouldAllow('http://rebind.test/')).toBe(true);
    expect(await wouldAllow('http://rebind.test/')).toBe(false);
    expect(await wouldAllow('http://rebind.test/')).toBe(true);
    expect(approver.requests.map((r) => r.verdict.keys)).toEqual([
      ['fetch-local-host:10.0.0.5:80'],
      ['fetch-local-host:127.0.0.1:80'],
    ]);
  });

  it('a bare fetch-local-host left in command_allowlist opens nothing', async () => {
    const { approver, store, fetch } = withGate(['deny']);
    await store.add(['fetch-local-host']);
    expect((await fetch(`${asked.url}/stale`))?.error).toMatch(/loopback address/);
    expect(approver.requests).toHaveLength(1);
  });

  it('"session" reaches only the session that was given it', async () => {
    const { approver, fetch } = withGate(['session', 'deny']);
    expect((await fetch(`${asked.url}/mine`, 's-a'))?.content).toBe('asked host');
    expect((await fetch(`${asked.url}/theirs`, 's-b'))?.error).toMatch(/loopback address/);
    expect(approver.requests).toHaveLength(2);
  });

  it('a session grant is listed by host and its revoke asks again', async () => {
    const { gate, approver, fetch } = withGate(['session', 'deny']);
    await fetch(`${asked.url}/a`);
    const key = `session:session-1:fetch-local-host:${new URL(asked.url).host}`;
    expect(gate.grants.active(Date.now()).map((g) => g.key)).toEqual([key]);
    expect(gate.grants.revoke(key)).toBe(1);
    expect((await fetch(`${asked.url}/b`))?.error).toMatch(/loopback address/);
    expect(approver.requests).toHaveLength(2);
  });
});

describe('a local-host fetch takes a person', () => {
  it('--approvals allow does not let it through', async () => {
    const { fetch } = withGate([], {}, { approver: allowOnceApprover });
    const before = asked.requests.length;
    expect((await fetch(`${asked.url}/allow-mode`))?.error).toMatch(/loopback address/);
    expect(asked.requests.length).toBe(before);
  });

  it('approvals.mode off, an allow rule for curl and smart approval still ask the person', async () => {
    const smartApprover = { assess: async () => 'approve' as const };
    const cases: Array<[Partial<ApprovalSettings>, object]> = [
      [{ mode: 'off' }, {}],
      [{ allow: ['curl'] }, {}],
      [{ mode: 'smart' }, { smartApprover }],
    ];
    for (const [settings, extra] of cases) {
      const { approver, fetch } = withGate(['deny'], settings, extra);
      expect((await fetch(`${asked.url}/mode`))?.error).toMatch(/loopback address/);
      expect(approver.requests).toHaveLength(1);
    }
    expect(asked.requests.map((r) => r.path)).not.toContain('/mode');
  });
});
