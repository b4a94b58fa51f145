import { create } from 'zustand';
import { api, errorMessage, unwrap } from '../../api/client';

/** Characters fetched per page: a whole terminal output of the usual size in one. */
export const OUTPUT_PAGE = 64_000;
/** Characters fetched per request when the whole output is wanted (the contract's most). */
const WHOLE_PAGE = 1_000_000;

/** What an opened card has fetched of a stored call's output. */
export interface FetchedOutput {
  text: string;
  /** The whole output's length, and how much of it `text` is, in main's characters (code points). */
  total: number;
  fetched: number;
  loading: boolean;
  error?: string;
  /** The text is the call's whole result, shown as its Result (main's `wholeResult`). */
  wholeResult?: true;
}

interface ToolOutputs {
  /** By call id (unique across sessions). */
  outputs: Record<string, FetchedOutput>;
  /** Fetches the next page (the first when nothing is loaded); one request at a time per call. */
  loadMore(sessionId: string, callId: string): Promise<void>;
  /** The whole output, fetching what is not loaded yet (for Copy); throws why it could not. */
  whole(sessionId: string, callId: string): Promise<string>;
}

/** Characters as main counts them (SQLite's length and substr count code points, not UTF-16 units). */
export function codePoints(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      n--;
      i++;
    }
  }
  return n;
}

/** Whether all of the output is loaded. */
export function complete(output: FetchedOutput | undefined): boolean {
  return output !== undefined && !output.error && output.fetched >= output.total;
}

/**
 * Outputs of stored calls, fetched when their cards open (sessions.get leaves long ones out), and
 * kept while the page lives, so a card scrolled away and back does not fetch again.
 */
export const useToolOutputs = create<ToolOutputs>((set, get) => {
  // A fetch that ends after a longer one (a page after the whole output) leaves the longer.
  const put = (callId: string, output: FetchedOutput) =>
    set((s) => {
      const now = s.outputs[callId];
      if (now && now.fetched > output.fetched) return s;
      return { outputs: { ...s.outputs, [callId]: output } };
    });
  const page = (sessionId: string, callId: string, offset: number, limit: number) =>
    unwrap(api().sessionsToolOutput({ sessionId, callId, offset, limit }));

  return {
    outputs: {},
    async loadMore(sessionId, callId) {
      const before = get().outputs[callId];
      if (before?.loading || (before && complete(before))) return;
      const { text = '', fetched = 0, total = 0 } = before ?? {};
      const kind = before?.wholeResult ? { wholeResult: true as const } : {};
      put(callId, { text, total, fetched, loading: true, ...kind });
      try {
        const next = await page(sessionId, callId, fetched, OUTPUT_PAGE);
        const output = {
          text: text + next.text,
          total: next.total,
          fetched: fetched + codePoints(next.text),
          ...(next.wholeResult ? { wholeResult: true as const } : {}),
        };
        put(callId, { ...output, loading: false });
      } catch (err) {
        put(callId, { text, total, fetched, loading: false, error: errorMessage(err), ...kind });
      }
    },

    async whole(sessionId, callId) {
      const before = get().outputs[callId];
      if (before && complete(before)) return before.text;
      let { text = '', fetched = 0 } = before ?? {};
      let total = before?.total ?? Infinity;
      let wholeResult = before?.wholeResult;
      try {
        while (fetched < total) {
          const next = await page(sessionId, callId, fetched, WHOLE_PAGE);
          text += next.text;
          fetched += codePoints(next.text);
          total = next.total;
          wholeResult = next.wholeResult;
          if (next.text === '') break;
        }
      } catch (err) {
        throw new Error(`the rest of the output did not load (${errorMessage(err)})`, { cause: err });
      }
      // A page still on its way is then shorter than this, and left out when it lands.
      put(callId, { text, total, fetched, loading: false, ...(wholeResult ? { wholeResult } : {}) });
      return text;
    },
  };
});
