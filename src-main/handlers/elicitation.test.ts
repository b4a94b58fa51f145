import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ElicitationRequestView } from '../../src-shared/ipc/schemas';
import { clientFeaturesServer, serverEntryYaml } from '../mcp/testing/servers';
import { ctx } from '../runtime/testing/fixtures';
import { useCoreHome } from '../testing/coreHome';

const temp = useCoreHome('caduceus-elicitation-');
beforeEach(async () => {
  const form = serverEntryYaml('form', clientFeaturesServer());
  await writeFile(join(temp.dir, 'config.yaml'), `mcp_servers:\n${form}`);
});

function start(approvals?: 'deny') {
  return temp.start(approvals ? { approvals } : {});
}

describe('MCP forms in the UI', () => {
  it('shows the form with its defaults and returns what the person sent', async () => {
    const core = await start();
    const shown = new Promise<ElicitationRequestView>((resolve) =>
      core.events.subscribe((name, payload) => {
        if (name === 'mcp.elicitation') resolve(payload as ElicitationRequestView);
      }),
    );
    const result = core.root.runtime.handleFunctionCall('mcp_form_ask', {}, ctx).then((o) => o.text);
    const form = await shown;
    expect(await core.invoke('mcp.pendingElicitations', {})).toEqual({ ok: true, value: [form] });
    expect(form).toMatchObject({ server: 'form', message: 'Which project?' });
    expect(form.fields).toEqual([
      { name: 'name', type: 'string', title: 'Project name', required: true, default: 'demo' },
      { name: 'size', type: 'integer', required: false, default: 3 },
      { name: 'tier', type: 'string', required: false, default: 'pro', choices: ['free', 'pro'] },
    ]);
    const answered = await core.invoke('mcp.answerElicitation', {
      id: form.id,
      action: 'accept',
      content: { name: 'mine', tier: 'free' },
    });
    expect(answered).toEqual({ ok: true, value: { ok: true } });
    // A field the person left out gets its schema default.
    expect(JSON.parse(await result)).toEqual({
      action: 'accept',
      content: { name: 'mine', size: 3, tier: 'free' },
    });
    expect(await core.invoke('mcp.answerElicitation', { id: form.id, action: 'decline' })).toMatchObject({
      ok: false,
      error: { code: 'unknown_elicitation' },
    });
  });

  it('declines without showing a form when every prompt is denied', async () => {
    const core = await start('deny');
    const names: string[] = [];
    core.events.subscribe((name) => void names.push(name));
    const result = (await core.root.runtime.handleFunctionCall('mcp_form_ask', {}, ctx)).text;
    expect(JSON.parse(result)).toEqual({ action: 'decline' });
    expect(names).not.toContain('mcp.elicitation');
  });
});
