/**
 * Findings of the app's own fetches (web, browser, image URLs) about where a request goes; the
 * tools add them to a gate check, as the file tools add where a write lands.
 */
import type { Rule } from '../verdict';

export const FETCH_LOCAL_HOST = 'fetch-local-host';

export const networkRules: Rule[] = [
  {
    key: FETCH_LOCAL_HOST,
    category: 'services',
    description: 'Reaches a loopback, private or link-local address from the app itself',
  },
];
