import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatEvent } from '../../src-shared/ipc/chatSchemas';
import type { RequestOutput } from '../../src-shared/ipc/contract';
import { useScriptedModel } from '../agent/testing/scriptedAgent';
import type { AppCore } from '../appCore';
import { useCoreHome } from '../testing/coreHome';

// Browser mode over the contract: the workspace field's checks and a session started with one.
const scripted = useScriptedModel();
const temp = useCoreHome('caduceus-ws-contract-', { perFile: true, homeInside: true });
let root: string;
let project: string;
let core: AppCore;

beforeAll(async () => {
  root = temp.dir;
  project = join(root, 'project');
  await mkdir(project, { recursive: true });
  await writeFile(join(root, 'file.txt'), 'x');
  core = await temp.start({
    workspace: root,
    env: process.env,
    approvals: 'deny',
    modelOverrides: { baseUrl: scripted.model.baseUrl, model: 'scripted-model', apiKey: 'k' },
  });
});

describe('workspace requests', () => {
  it('offers the folder serve started in, and checks typed paths', async () => {
    expect(await core.invoke('workspace.default', {})).toEqual({ ok: true, value: { path: root } });
    expect(await core.invoke('workspace.validate', { path: 'project' })).toEqual({
      ok: true,
      value: { ok: true, path: project },
    });
    expect(await core.invoke('workspace.validate', { path: join(root, 'missing') })).toEqual({
      ok: true,
      value: { ok: false, error: `There is no folder at ${join(root, 'missing')}.` },
    });
    expect(await core.invoke('workspace.validate', { path: join(root, 'file.txt') })).toMatchObject({
      value: { ok: false, error: expect.stringMatching(/is not a folder/) },
    });
    expect(await core.invoke('workspace.pick', {})).toMatchObject({
      ok: false,
      error: { code: 'unsupported' },
    });
  });

  it('starts a chat in the chosen workspace and lists the session with it', async () => {
    const bad = await core.invoke('chat.send', { text: 'hi', workspace: join(root, 'missing') });
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad_workspace' } });

    scripted.model.push({ toolCalls: [{ name: 'terminal', arguments: { command: 'pwd' } }] }, { text: 'ok' });
    const finished = new Promise<ChatEvent>((resolve) =>
      core.events.subscribe((name, payload) => {
        if (name === 'chat.event' && (payload as ChatEvent).type === 'turn.finished')
          resolve(payload as ChatEvent);
      }),
    );
    const reply = await core.invoke('chat.send', { text: 'where?', workspace: project });
    if (!reply.ok) throw new Error(reply.error.message);
    const sent = reply as { value: RequestOutput<'chat.send'> };
    await finished;
    const detail = await core.invoke('sessions.get', { id: sent.value.sessionId });
    expect(detail).toMatchObject({ ok: true, value: { workspace: project } });
    const messages = detail.ok ? (detail.value as RequestOutput<'sessions.get'>).messages : [];
    const call = messages.flatMap((m) => m.toolCalls)[0];
    // The card shows the command's output; its result is not sent a second time.
    expect(call).toMatchObject({ outputText: expect.stringContaining(project), result: '' });
    const list = await core.invoke('sessions.list', {});
    expect(list).toMatchObject({ ok: true, value: [expect.objectContaining({ workspace: project })] });

    const moved = await core.invoke('chat.send', {
      sessionId: sent.value.sessionId,
      text: 'x',
      workspace: root,
    });
    expect(moved).toMatchObject({ ok: false, error: { code: 'workspace_fixed' } });
  });
});
