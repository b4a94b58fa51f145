import { lazyPart } from '../../ui/lazyPart';

/** The diff view and its highlighting (highlight.js): a chunk of its own, loaded on first use. */
export const DiffView = lazyPart(async () => (await import('./DiffView')).DiffView, {
  label: 'the diff',
  className: 'diff-slot',
});
