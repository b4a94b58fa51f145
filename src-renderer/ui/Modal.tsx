import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import './modal.css';

interface ModalProps {
  title: ReactNode;
  /** Escape calls this (for an approval that means deny). */
  onEscape(): void;
  role?: 'dialog' | 'alertdialog';
  /** Where focus starts; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  testId?: string;
  className?: string;
  describedBy?: string;
  children: ReactNode;
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open dialogs, newest last: keys go to the one in front. */
const openDialogs: object[] = [];

/**
 * A modal dialog: focus moves in, stays in (Tab wraps) and returns to where it was on close.
 * Escape and Tab also work when focus has left the dialog (a control that turns disabled while
 * saving drops focus to the page): the window hears those keys first and handles them.
 */
export function Modal({
  title,
  onEscape,
  role = 'dialog',
  initialFocus,
  testId,
  className,
  describedBy,
  children,
}: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const self = useRef({});
  const escape = useRef(onEscape);
  escape.current = onEscape;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    const first = initialFocus?.current ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => previous?.focus();
    // Focus moves once, when the dialog opens, whatever the props do later.
  }, []);

  useEffect(() => {
    const token = self.current;
    openDialogs.push(token);
    // Capture: a widget focused outside the dialog (a terminal) must not swallow the key. Keys
    // typed inside the dialog are left to it, so a field can still take Escape for itself.
    const onWindowKeyDown = (event: globalThis.KeyboardEvent) => {
      const target = event.target;
      if (openDialogs.at(-1) !== token || (target instanceof Node && panel.current?.contains(target))) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        event.preventDefault();
        escape.current();
      } else if (event.key === 'Tab') {
        event.preventDefault();
        panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
      }
    };
    window.addEventListener('keydown', onWindowKeyDown, true);
    return () => {
      window.removeEventListener('keydown', onWindowKeyDown, true);
      openDialogs.splice(openDialogs.indexOf(token), 1);
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (openDialogs.at(-1) !== self.current) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      onEscape();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && e.preventDefault()}>
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        data-testid={testId}
        className={`modal ${className ?? ''}`}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
