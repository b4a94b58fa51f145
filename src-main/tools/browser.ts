import { BROWSER_WEB_HINT } from '../runtime/schemaPatch';
import { fn, registerUnavailable, type ToolModuleContext } from './toolModule';

const ref = { type: 'string', description: 'Element ref from browser_snapshot, e.g. "e12"' };

export const BROWSER_SCHEMAS = [
  fn(
    'browser_navigate',
    `Open a URL in the task's browser tab and return a short page summary.${BROWSER_WEB_HINT}`,
    { url: { type: 'string', description: 'Absolute URL' } },
    ['url'],
  ),
  fn('browser_snapshot', 'Accessibility tree of the current page, with element refs for click and type.', {
    full: { type: 'boolean', description: 'Include every node, not just interactive ones' },
  }),
  fn('browser_click', 'Click an element by its ref.', { ref }, ['ref']),
  fn(
    'browser_type',
    'Type text into an input by its ref.',
    { ref, text: { type: 'string' }, submit: { type: 'boolean', description: 'Press Enter afterwards' } },
    ['ref', 'text'],
  ),
  fn('browser_scroll', 'Scroll the page.', { direction: { type: 'string', enum: ['up', 'down'] } }, [
    'direction',
  ]),
  fn('browser_back', 'Go back in history.', {}),
  fn('browser_press', 'Press a key, e.g. "Enter" or "Control+A".', { key: { type: 'string' } }, ['key']),
  fn('browser_get_images', 'List the images on the page with their URLs and alt texts.', {}),
  fn('browser_console', 'Console messages and page errors since the last call.', {
    clear: { type: 'boolean', description: 'Clear the buffer after reading' },
  }),
  fn(
    'browser_vision',
    'Take a screenshot and ask the vision model a question about it.',
    { question: { type: 'string' } },
    ['question'],
  ),
];

export function registerTools(ctx: ToolModuleContext): void {
  registerUnavailable(
    ctx,
    'Browser',
    BROWSER_SCHEMAS.map((schema) => ({
      name: schema.name,
      toolset: 'browser',
      schema,
      emoji: '🌐',
    })),
  );
}
