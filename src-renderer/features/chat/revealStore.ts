import { create } from 'zustand';

/** An item of the transcript to bring into view; a tool call's card also opens. */
export interface RevealTarget {
  messageId: string;
  toolCallId?: string;
  /** Changes on every request, so asking for the same item twice scrolls again. */
  nonce: number;
}

interface RevealStore {
  target: RevealTarget | undefined;
  reveal(target: Omit<RevealTarget, 'nonce'>): void;
}

let nonce = 0;

export const useReveal = create<RevealStore>((set) => ({
  target: undefined,
  reveal: (target) => set({ target: { ...target, nonce: ++nonce } }),
}));
