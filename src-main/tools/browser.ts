import { toolError } from '../runtime/errors';
import { functionSchema, typedHandler } from '../runtime/typedArgs';
import type { CheckFn, FunctionSchema, ToolContext, ToolEntry } from '../runtime/types';
import { CODING_PRESETS } from '../runtime/toolsetCatalog';
import * as actions from './browser/actions';
import { BROWSER_ARGS, type BrowserArgs, type BrowserToolName } from './browser/args';
import type { BrowserTab } from './browser/pool';
import { egressAsk } from './egress';
import { isHttpUrl } from './http';
import type { ToolModuleContext, ToolServices } from './toolModule';

const describe = (name: BrowserToolName, description: string) =>
  functionSchema(name, description, BROWSER_ARGS[name]);

/** The sentence in browser_navigate's description that points at the web tools. */
export const BROWSER_WEB_HINT =
  ' For plain research prefer web_search or web_extract, which are faster and cheaper than a browser.';

/** browser_navigate as offered: it mentions the web tools only when one of them is offered. */
export function withoutAbsentWebHint(schema: FunctionSchema, offered: readonly ToolEntry[]): FunctionSchema {
  if (offered.some((entry) => entry.name === 'web_search' || entry.name === 'web_extract')) return schema;
  return { ...schema, description: schema.description.replace(BROWSER_WEB_HINT, '') };
}

export const BROWSER_SCHEMAS = [
  describe(
    'browser_navigate',
    `Open a URL in the task's browser tab; returns the page title and a compact snapshot with element refs.${BROWSER_WEB_HINT}`,
  ),
  describe(
    'browser_snapshot',
    'Accessibility tree of the current page with element refs (e.g. [ref=e12]) for browser_click and browser_type. ' +
      'Take a new one after the page changes: old refs stop working.',
  ),
  describe('browser_click', 'Click an element by its ref.'),
  describe('browser_type', 'Replace the text of an input or textarea, found by its ref.'),
  describe('browser_scroll', 'Scroll the page by most of a screen.'),
  describe('browser_back', 'Go back to the previous page in this tab.'),
  describe('browser_press', 'Press a key in the page, e.g. "Enter", "Escape", "ArrowDown" or "Control+A".'),
  describe('browser_get_images', 'List the images on the page with their URLs, alt texts and sizes.'),
  describe('browser_console', "Console messages and page errors of the task's tab, oldest first."),
  describe(
    'browser_vision',
    'Take a screenshot of the page and ask the vision model a question about it (layout, charts, captchas).',
  ),
];

type PageAction = Exclude<BrowserToolName, 'browser_vision'>;
type Actions = {
  [N in PageAction]: (tab: BrowserTab, args: BrowserArgs<N>, signal: AbortSignal | undefined) => unknown;
};

const ACTIONS: Actions = {
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
    const name = schema.name as BrowserToolName;
    const isVision = name === 'browser_vision';
    ctx.registry.register({
      name,
      toolset: 'browser',
      toolsetDescription: 'Browser automation: navigate, read, click, type',
      presets: CODING_PRESETS,
      schema,
      ...(name === 'browser_navigate' ? { offeredWith: withoutAbsentWebHint } : {}),
      emoji: isVision ? '👁️' : '🌐',
      icon: 'globe',
      isAsync: true,
      checkFn: isVision ? visionCheck : browserCheck,
      handler: typedHandler(name, BROWSER_ARGS[name], async (args, call) => {
        if (name === 'browser_navigate') {
          const refused = await navigationRefusal(
            services,
            (args as BrowserArgs<'browser_navigate'>).url,
            call,
          );
          if (refused) return toolError(`browser_navigate refused: ${refused}`);
        }
        return withTab(services, name, call, (tab) => {
          // args were parsed by this name's schema; TypeScript cannot tie the two together in a loop.
          if (name !== 'browser_vision') return act(name, tab, args as BrowserArgs<typeof name>, call.signal);
          if (!services.vision)
            return toolError('browser_vision needs a vision-capable model; none is configured');
          return actions.vision(tab, args as BrowserArgs<'browser_vision'>, call.signal, services.vision);
        });
      }),
    });
  }
}

function act<N extends PageAction>(
  name: N,
  tab: BrowserTab,
  args: BrowserArgs<N>,
  signal: AbortSignal | undefined,
) {
  const action: Actions[N] = ACTIONS[name];
  return action(tab, args, signal);
}

/**
 * The page's own host is judged (and, when local, asked about) before the browser opens it;
 * a yes lets this task's pages load from that host through the task's proxy too.
 */
async function navigationRefusal(services: ToolServices, url: string, call: ToolContext) {
  const pool = services.browser;
  if (!pool || !isHttpUrl(url)) return undefined;
  const ask = egressAsk(services, call);
  const decision = await pool.egress.checkUrl(new URL(url), ask && pool.remembering(call.taskId, ask));
  return decision.allowed ? undefined : decision.reason;
}

/** Runs one call on the task's tab; a failure becomes an error result that names the tool. */
async function withTab(
  services: ToolServices,
  name: BrowserToolName,
  call: ToolContext,
  work: (tab: BrowserTab) => unknown,
): Promise<unknown> {
  const pool = services.browser;
  if (!pool) return toolError('The browser tools were not given a browser pool (services.browser)');
  try {
    return await work(await pool.tab(call.taskId));
  } catch (err) {
    return toolError(`${name} failed: ${describeError(err)}`);
  }
}

const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Playwright errors carry a call log and ANSI colours; the first lines are what matters. */
function describeError(err: unknown): string {
  const text = (err instanceof Error ? err.message : String(err)).replace(ANSI_COLOUR, '');
  return text.split(/\n\s*Call log:/)[0]?.trim() ?? text;
}
