import { toolError } from '../runtime/errors';
import { BROWSER_WEB_HINT } from '../runtime/schemaPatch';
import type { CheckFn, ToolArgs, ToolContext } from '../runtime/types';
import * as actions from './browser/actions';
import type { BrowserTab } from './browser/pool';
import { fn, type ToolModuleContext, type ToolServices } from './toolModule';

const ref = { type: 'string', description: 'Element ref from the latest snapshot, e.g. "e12"' };

export const BROWSER_SCHEMAS = [
  fn(
    'browser_navigate',
    `Open a URL in the task's browser tab; returns the page title and a compact snapshot with element refs.${BROWSER_WEB_HINT}`,
    { url: { type: 'string', description: 'Absolute http(s) URL' } },
    ['url'],
  ),
  fn(
    'browser_snapshot',
    'Accessibility tree of the current page with element refs (e.g. [ref=e12]) for browser_click and browser_type. ' +
      'Take a new one after the page changes: old refs stop working.',
    { full: { type: 'boolean', description: 'Keep unnamed layout containers too (default: left out)' } },
  ),
  fn('browser_click', 'Click an element by its ref.', { ref }, ['ref']),
  fn(
    'browser_type',
    'Replace the text of an input or textarea, found by its ref.',
    { ref, text: { type: 'string' }, submit: { type: 'boolean', description: 'Press Enter afterwards' } },
    ['ref', 'text'],
  ),
  fn(
    'browser_scroll',
    'Scroll the page by most of a screen.',
    { direction: { type: 'string', enum: ['up', 'down'] } },
    ['direction'],
  ),
  fn('browser_back', 'Go back to the previous page in this tab.', {}),
  fn(
    'browser_press',
    'Press a key in the page, e.g. "Enter", "Escape", "ArrowDown" or "Control+A".',
    { key: { type: 'string' } },
    ['key'],
  ),
  fn('browser_get_images', 'List the images on the page with their URLs, alt texts and sizes.', {}),
  fn('browser_console', "Console messages and page errors of the task's tab, oldest first.", {
    clear: { type: 'boolean', description: 'Empty the buffer after reading' },
  }),
  fn(
    'browser_vision',
    'Take a screenshot of the page and ask the vision model a question about it (layout, charts, captchas).',
    { question: { type: 'string' } },
    ['question'],
  ),
];

type Action = (tab: BrowserTab, args: ToolArgs, signal: AbortSignal | undefined) => unknown;

const ACTIONS: Record<string, Action> = {
  browser_navigate: actions.navigate,
  browser_snapshot: actions.snapshot,
  browser_click: actions.click,
  browser_type: actions.type,
  browser_scroll: actions.scroll,
  browser_back: actions.back,
  browser_press: actions.press,
  browser_get_images: actions.images,
  browser_console: actions.consoleMessages,
};

export function registerTools(ctx: ToolModuleContext): void {
  const { services } = ctx;
  const browserCheck: CheckFn = () => {
    if (!services.browser) return 'The browser tools were not given a browser pool (services.browser)';
    const found = services.browser.lookup();
    return 'path' in found || found.reason;
  };
  const visionCheck: CheckFn = () => {
    const browser = browserCheck();
    if (browser !== true) return browser;
    return services.vision !== undefined || 'browser_vision needs a vision-capable model; none is configured';
  };
  for (const schema of BROWSER_SCHEMAS) {
    const isVision = schema.name === 'browser_vision';
    ctx.registry.register({
      name: schema.name,
      toolset: 'browser',
      schema,
      emoji: isVision ? '👁️' : '🌐',
      isAsync: true,
      checkFn: isVision ? visionCheck : browserCheck,
      handler: (args, call) => run(services, schema.name, args, call),
    });
  }
}

async function run(
  services: ToolServices,
  name: string,
  args: ToolArgs,
  call: ToolContext,
): Promise<unknown> {
  const pool = services.browser;
  if (!pool) return toolError('The browser tools were not given a browser pool (services.browser)');
  try {
    const tab = await pool.tab(call.taskId);
    if (name === 'browser_vision') {
      if (!services.vision)
        return toolError('browser_vision needs a vision-capable model; none is configured');
      return await actions.vision(tab, args, call.signal, services.vision);
    }
    const action = ACTIONS[name];
    if (!action) return toolError(`Unknown browser tool: ${name}`);
    return await action(tab, args, call.signal);
  } catch (err) {
    return toolError(`${name} failed: ${describe(err)}`);
  }
}

const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Playwright errors carry a call log and ANSI colours; the first lines are what matters. */
function describe(err: unknown): string {
  const text = (err instanceof Error ? err.message : String(err)).replace(ANSI_COLOUR, '');
  return text.split(/\n\s*Call log:/)[0]?.trim() ?? text;
}
