import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

interface SplitterProps {
  label: string;
  testId: string;
  /** The width being resized, and which way dragging right changes it (+1 grows it). */
  width: number;
  direction: 1 | -1;
  onResize(width: number): void;
  onReset(): void;
}

const STEP = 16;

/** A vertical divider between panes: drag it, use the arrow keys on it, or double-click to reset. */
export function Splitter({ label, testId, width, direction, onResize, onReset }: SplitterProps) {
  const start = useRef<{ x: number; width: number } | undefined>(undefined);

  function move(e: PointerEvent<HTMLDivElement>) {
    if (!start.current) return;
    onResize(start.current.width + direction * (e.clientX - start.current.x));
  }

  function key(e: KeyboardEvent<HTMLDivElement>) {
    const delta = e.key === 'ArrowRight' ? STEP : e.key === 'ArrowLeft' ? -STEP : 0;
    if (!delta) return;
    e.preventDefault();
    onResize(width + direction * delta);
  }

  return (
    <div
      className="splitter"
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={Math.round(width)}
      tabIndex={0}
      data-testid={testId}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        start.current = { x: e.clientX, width };
      }}
      onPointerMove={move}
      onPointerUp={() => (start.current = undefined)}
      onPointerCancel={() => (start.current = undefined)}
      onDoubleClick={onReset}
      onKeyDown={key}
    />
  );
}
