import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initShellParser } from '../../approval/analysis/analyse';
import { createApprovalGate, createMemoryAllowlistStore } from '../../approval/gate';
import type { GateQuestion } from '../../approval/gate';
import { ApprovalSettingsSchema } from '../../approval/gate/settings';
import type { SandboxConfigInput } from '../../config/sandboxSchema';
import type { ToolContext } from '../../runtime/types';
import { Sandbox } from '../../sandbox/sandbox';
import type { ToolServices } from '../toolModule';
import { sandboxFence } from './wiring';

// What the terminal tool tells the gate about the sandbox, from a real Sandbox (bubblewrap on
// this machine), and whether auto mode then lets a workspace-only command run unasked.

let root: string;
let workspace: string;
let tmp: string;
beforeAll(async () => {
  await initShellParser();
  root = await mkdtemp(join(tmpdir(), 'caduceus-fence-'));
  workspace = join(root, 'ws');
  tmp = join(root, 'tmp');
  for (const dir of [workspace, tmp, join(root, 'home')]) await mkdir(dir);
});
afterAll(() => rm(root, { recursive: true, force: true }));

const call = { sessionId: 's', taskId: 't', toolCallId: 'c' } as ToolContext;

interface Setup {
  sandbox?: SandboxConfigInput;
  backend?: string;
  /** Simulates a machine without bubblewrap. */
  noBwrap?: boolean;
  grantedHosts?: string[];
  runsOutside?: boolean;
}

function services(s: Setup): ToolServices {
  const sandbox = new Sandbox(s.sandbox ?? {}, {
    caduceusHome: join(root, 'home'),
    ...(s.noBwrap ? { which: () => undefined } : {}),
  });
  // Only the parts sandboxFence reads: the terminal's sandbox and backend, the task's folders,
  // and the answers a person gave about leaving the sandbox.
  return {
    terminal: { sandbox, config: { backend: s.backend ?? 'local' } },
    workspaces: { of: () => workspace, tempDirOf: () => tmp, sessionRootsOf: () => [] },
    sandboxEscalation: {
      runsOutside: () => Promise.resolve(s.runsOutside === true),
      allowedHosts: () => Promise.resolve(s.grantedHosts ?? []),
    },
  } as unknown as ToolServices;
}

/** Whether `git clean -fd` in the workspace asks a person under auto mode with this fence. */
async function asksUnderAuto(s: Setup): Promise<boolean> {
  const asked: GateQuestion[] = [];
  const gate = createApprovalGate({
    approver: { request: (req) => (asked.push(req), Promise.resolve('deny')) },
    store: createMemoryAllowlistStore(),
    getSettings: () => ApprovalSettingsSchema.parse({ mode: 'auto' }),
  });
  const command = 'git clean -fd';
  const fenced = await sandboxFence(services(s), command, call);
  await gate.check({ ...call, command, cwd: workspace, workspace, backendKind: 'local', ...fenced });
  return asked.length > 0;
}

describe('the fence the terminal tool reports, under auto mode', () => {
  it('the default sandbox confines to the workspace with no host: runs unasked', async () => {
    const fenced = await sandboxFence(services({}), 'git clean -fd', call);
    expect(fenced.sandboxed).toEqual({ workspace, scratchRoots: [tmp], hosts: [] });
    expect(await asksUnderAuto({})).toBe(false);
  });

  it('asks when allowed_domains or a host a person allowed lets it reach the network', async () => {
    expect(await asksUnderAuto({ sandbox: { network: { allowed_domains: ['registry.npmjs.org'] } } })).toBe(
      true,
    );
    expect(await asksUnderAuto({ grantedHosts: ['example.com'] })).toBe(true);
  });

  it('asks when writable_roots lets it write outside the workspace', async () => {
    expect(await asksUnderAuto({ sandbox: { writable_roots: [join(root, 'cache')] } })).toBe(true);
  });

  it('asks with the sandbox off or unavailable, on another backend, and after a remembered run outside', async () => {
    expect(await asksUnderAuto({ sandbox: { mode: 'off' } })).toBe(true);
    expect(await asksUnderAuto({ noBwrap: true })).toBe(true);
    for (const backend of ['docker', 'ssh', 'modal', 'daytona', 'singularity'])
      expect(await asksUnderAuto({ backend }), backend).toBe(true);
    expect(await asksUnderAuto({ runsOutside: true })).toBe(true);
  });
});
