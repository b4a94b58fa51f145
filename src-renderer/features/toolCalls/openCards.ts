import { create } from 'zustand';

/**
 * Which cards are open, by call id: kept outside the card, so a card scrolled out of the virtual
 * transcript and back comes back as the reader left it.
 */
interface OpenCards {
  open: Record<string, true>;
  toggle(id: string): void;
  setOpen(id: string, open: boolean): void;
}

export const useOpenCards = create<OpenCards>((set) => ({
  open: {},
  toggle: (id) => set((s) => withOpen(s.open, id, !s.open[id])),
  setOpen: (id, open) => set((s) => (!!s.open[id] === open ? s : withOpen(s.open, id, open))),
}));

function withOpen(current: Record<string, true>, id: string, open: boolean): Pick<OpenCards, 'open'> {
  const next = { ...current };
  if (open) next[id] = true;
  else delete next[id];
  return { open: next };
}
