import { lazyPart } from '../../ui/lazyPart';

/*
 * The Markdown renderer (marked, highlight.js, DOMPurify) is a chunk of its own: the first
 * screen does without it, and it is preloaded once that screen is painted.
 */
export const Markdown = lazyPart(async () => (await import('./Markdown')).Markdown, {
  label: 'the message',
  // Until then the text shows as written, in the message's place.
  pending: ({ text }) => <div className="markdown markdown-pending">{text}</div>,
});

/** `warmMarkdown` of markdown.ts once its chunk is here; returns the stop. */
export function warmMarkdown(texts: string[]): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  void import('./markdown').then(
    (markdown) => {
      if (!stopped) stop = markdown.warmMarkdown(texts);
    },
    // Warming is a head start only: the messages drawn load the chunk again.
    () => undefined,
  );
  return () => {
    stopped = true;
    stop?.();
  };
}

/** Fetches the Markdown renderer's code, then readies it while idle (`warmRenderer`). */
export async function preloadMarkdown(): Promise<void> {
  await Markdown.preload();
  try {
    (await import('./markdown')).warmRenderer();
  } catch {
    // A head start only: a message drawn later loads the chunk again.
  }
}
