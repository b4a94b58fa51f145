import { describe, expect } from 'vitest';
import type { AppHarness } from './support/app';
import { POLL, test, WAIT } from './support/fixture';
import { screenshotViews } from './support/views';

// Which renderer draws the terminal, in real Chromium through real `caduceus serve`. Chromium
// runs here without a GPU, so its WebGL is SwiftShader: drawn by the CPU.

const HOST = `document.querySelector('[data-testid="terminal-pane"] .xterm-host')`;

/** What the page's WebGL runs on: 'caveat' where the browser gives it only with a major one. */
const GL_PROBE = `(() => {
  const gl = document.createElement('canvas').getContext('webgl2', { failIfMajorPerformanceCaveat: true });
  if (!gl) return 'caveat';
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return String(info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
})()`;

/**
 * Loads the page with `renderer` in place of the tests' `renderer=dom` ('' for none), has the
 * agent run `command`, and brings its terminal to the front; resolves to the terminal's host.
 */
async function agentTerminal(app: AppHarness, renderer: string, id: string, command: string) {
  const { page } = app;
  await page.goto(page.url().replace('&renderer=dom', renderer));
  await page.getByTestId('chat-input').waitFor(WAIT);
  app.model.push({ toolCalls: [{ id, name: 'terminal', arguments: { command } }] }, { text: 'Drawn.' });
  await app.send('Draw something');
  await app.showAgentTerminal();
  return page.getByTestId('terminal-pane').locator('.xterm-host');
}

describe('the terminal renderer', () => {
  test('is the DOM one, unasked, where WebGL would be drawn by the CPU', async ({ app }) => {
    const { page } = app;
    const host = await agentTerminal(app, '', 'call_dom', 'echo drawn-$((2+3))');
    // The page could have WebGL, drawn in software.
    expect(await page.evaluate(`!!document.createElement('canvas').getContext('webgl2')`)).toBe(true);
    expect(await page.evaluate(GL_PROBE)).toMatch(/^caveat$|swiftshader|llvmpipe|software/i);
    await expect.poll(() => host.getAttribute('data-renderer'), POLL).toBe('dom');
    await expect.poll(() => app.terminalText(), POLL).toContain('drawn-5');
    expect(await page.evaluate(`${HOST}.querySelectorAll('canvas').length`)).toBe(0);
    await screenshotViews(page, 'terminal-renderer-dom');
  }, 60_000);

  test('after the WebGL context is lost the terminal draws with the DOM renderer', async ({ app }) => {
    const { page } = app;
    // Asked for in the address: this machine's own choice would be the DOM renderer.
    const host = await agentTerminal(app, '&renderer=webgl', 'call_gl', 'echo drawn-$((1+1))');
    await expect.poll(() => host.getAttribute('data-renderer'), POLL).toBe('webgl');
    await page.evaluate(`(() => {
      for (const canvas of ${HOST}.querySelectorAll('canvas'))
        canvas.getContext('webgl2')?.getExtension('WEBGL_lose_context')?.loseContext();
    })()`);
    await expect.poll(() => host.getAttribute('data-renderer'), POLL).toBe('dom');
    await expect.poll(() => app.terminalText(), POLL).toContain('drawn-2');
  }, 60_000);
});
