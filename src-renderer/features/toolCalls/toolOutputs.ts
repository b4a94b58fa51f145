import { create } from 'zustand';
import { api, errorMessage, unwrap } from '../../api/client';

/** Characters fetched per page: a whole terminal output of the usual size in one. */
export const OUTPUT_PAGE = 64_000;

/** What an opened card has fetched of a stored call's output. */
export interface FetchedOutput {
  text: string;
  total: number;
  loading: boolean;
  error?: string;
}

interface ToolOutputs {
  /** By call id (unique across sessions). */
  outputs: Record<string, FetchedOutput>;
  /** Fetches the next page (the first when nothing is loaded); one request at a time per call. */
  loadMore(sessionId: string, callId: string): Promise<void>;
}

/**
 * Outputs of stored calls, fetched when their cards open (sessions.get leaves long ones out), and
 * kept while the page lives, so a card scrolled away and back does not fetch again.
 */
export const useToolOutputs = create<ToolOutputs>((set, get) => ({
  outputs: {},
  async loadMore(sessionId, callId) {
    const before = get().outputs[callId];
    if (before?.loading || (before && !before.error && before.text.length >= before.total)) return;
    const text = before?.text ?? '';
    const put = (output: FetchedOutput) => set((s) => ({ outputs: { ...s.outputs, [callId]: output } }));
    put({ text, total: before?.total ?? 0, loading: true });
    try {
      const page = await unwrap(
        api().sessionsToolOutput({ sessionId, callId, offset: text.length, limit: OUTPUT_PAGE }),
      );
      put({ text: text + page.text, total: page.total, loading: false });
    } catch (err) {
      put({ text, total: before?.total ?? 0, loading: false, error: errorMessage(err) });
    }
  },
}));
