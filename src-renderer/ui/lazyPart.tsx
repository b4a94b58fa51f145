import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import './lazyPart.css';

interface Look<P> {
  /** What the part is, for the loading and error text ("the terminal"). */
  label: string;
  /** Classes of the placeholder, so it takes the part's place in the layout. */
  className?: string;
  /** What holds the placeholder and the error (a dialog's frame, so Escape still closes it). */
  frame?: (props: P, body: ReactNode) => ReactNode;
  /** Shown instead of the placeholder while the code loads (the text of a Markdown message). */
  pending?: (props: P) => ReactNode;
}

/** A part of the page loaded on first use, with a `preload` to fetch it before then. */
type LazyPart<P> = ComponentType<P> & { preload(): Promise<void> };

/**
 * A component whose code is a separate chunk, fetched when it is first drawn (or preloaded):
 * until then a placeholder holds its place, and a chunk that fails to load shows an error with
 * a retry instead of a blank page. Once loaded it is drawn directly, never suspending again.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  look: Look<P>,
): LazyPart<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const start = () => {
    loading ??= load().then(
      (part) => (loaded = part),
      (err: unknown) => {
        // The next attempt fetches again.
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
  const fresh = () => lazy(async () => ({ default: await start() }));
  let Waiting = fresh();

  /** The part as first drawn: switching from the lazy wrapper to the loaded code would remount it. */
  function Chosen({ partProps }: { partProps: P }) {
    const [Drawn] = useState(() => loaded ?? Waiting);
    return <Drawn {...partProps} />;
  }

  function Part(props: P) {
    // A retry draws the part anew, with a fresh error boundary.
    const [attempt, setAttempt] = useState(0);
    const framed = (body: ReactNode) => (look.frame ? look.frame(props, body) : body);
    return (
      <Failed
        key={attempt}
        retried={attempt > 0}
        look={look}
        framed={framed}
        retry={() => {
          Waiting = fresh();
          setAttempt((n) => n + 1);
        }}
      >
        <Suspense fallback={look.pending ? look.pending(props) : framed(<Placeholder look={look} />)}>
          <Chosen partProps={props} />
        </Suspense>
      </Failed>
    );
  }
  return Object.assign(Part, {
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  });
}

function Placeholder({
  look,
  children,
}: {
  look: { label: string; className?: string };
  children?: ReactNode;
}) {
  return (
    <div className={`lazy-part ${look.className ?? ''}`} data-testid="lazy-part" aria-busy={!children}>
      {children ?? <span className="lazy-part-loading">Loading {look.label}…</span>}
    </div>
  );
}

interface FailedProps {
  look: { label: string; className?: string };
  /** A retry failed already: a browser may keep a failed chunk's error, which a reload clears. */
  retried: boolean;
  framed(body: ReactNode): ReactNode;
  retry(): void;
  children: ReactNode;
}

/** Catches a part that could not load (or draw) and offers to try again. */
class Failed extends Component<FailedProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    const { look, framed, retry, retried, children } = this.props;
    if (!this.state.failed) return children;
    return framed(
      <Placeholder look={look}>
        <div className="lazy-part-failed" role="alert" data-testid="lazy-part-failed">
          <span>Could not load {look.label}.</span>
          <button type="button" data-testid="lazy-part-retry" onClick={retry}>
            Retry
          </button>
          {retried && (
            <button
              type="button"
              className="link"
              data-testid="lazy-part-reload"
              onClick={() => location.reload()}
            >
              Reload the page
            </button>
          )}
        </div>
      </Placeholder>,
    );
  }
}
