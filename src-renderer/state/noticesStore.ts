import { create } from 'zustand';
import { errorMessage } from '../api/client';

export interface Notice {
  id: number;
  text: string;
}

interface NoticesStore {
  notices: Notice[];
  push(text: string): void;
  dismiss(id: number): void;
}

let nextId = 1;

/** Failures of user actions, shown as dismissable alerts until read. */
export const useNotices = create<NoticesStore>((set) => ({
  notices: [],
  push: (text) => set((s) => ({ notices: [...s.notices.slice(-4), { id: nextId++, text }] })),
  dismiss: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
}));

export function reportError(what: string, err: unknown): void {
  useNotices.getState().push(`${what}: ${errorMessage(err)}`);
}
