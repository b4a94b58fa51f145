/** The browser tools' arguments; the schemas the model sees are generated from them. */
import { z } from 'zod';

const ref = () => z.string().describe('Element ref from the latest snapshot, e.g. "e12"');

export const BROWSER_ARGS = {
  browser_navigate: z.strictObject({ url: z.string().describe('Absolute http(s) URL') }),
  browser_snapshot: z.strictObject({
    full: z.boolean().optional().describe('Keep unnamed layout containers too (default: left out)'),
  }),
  browser_click: z.strictObject({ ref: ref() }),
  browser_type: z.strictObject({
    ref: ref(),
    text: z.string(),
    submit: z.boolean().optional().describe('Press Enter afterwards'),
  }),
  browser_scroll: z.strictObject({ direction: z.enum(['up', 'down']) }),
  browser_back: z.strictObject({}),
  browser_press: z.strictObject({ key: z.string() }),
  browser_get_images: z.strictObject({}),
  browser_console: z.strictObject({
    clear: z.boolean().optional().describe('Empty the buffer after reading'),
  }),
  browser_vision: z.strictObject({ question: z.string() }),
};

export type BrowserToolName = keyof typeof BROWSER_ARGS;
export type BrowserArgs<N extends BrowserToolName> = z.output<(typeof BROWSER_ARGS)[N]>;
