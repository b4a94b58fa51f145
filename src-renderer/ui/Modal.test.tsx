// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Modal } from './Modal';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
let escaped: string[];

function Dialogs({ names }: { names: string[] }) {
  return names.map((name) => (
    <Modal key={name} title={name} testId={name} onEscape={() => escaped.push(name)}>
      <button type="button">OK</button>
      <input
        data-testid={`${name}-field`}
        onKeyDown={(e) => e.key === 'Escape' && e.currentTarget.value !== '' && e.stopPropagation()}
      />
    </Modal>
  ));
}

const press = (target: EventTarget, key: string) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

beforeEach(() => {
  escaped = [];
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('Modal', () => {
  it('hears Escape when focus has left the dialog for the page', () => {
    const outside = document.createElement('button');
    document.body.appendChild(outside);
    act(() => root.render(<Dialogs names={['settings']} />));
    (document.activeElement as HTMLElement).blur();
    press(document.body, 'Escape');
    outside.focus();
    press(outside, 'Escape');
    expect(escaped).toEqual(['settings', 'settings']);
    outside.remove();
  });

  it('brings focus back into the dialog when Tab is pressed outside it', () => {
    act(() => root.render(<Dialogs names={['settings']} />));
    (document.activeElement as HTMLElement).blur();
    press(document.body, 'Tab');
    expect(byTestId('settings')?.contains(document.activeElement)).toBe(true);
  });

  it('sends Escape only to the dialog in front', () => {
    act(() => root.render(<Dialogs names={['settings', 'approval']} />));
    press(document.body, 'Escape');
    press(byTestId('approval') as HTMLElement, 'Escape');
    expect(escaped).toEqual(['approval', 'approval']);
  });

  it('leaves Escape to a field inside the dialog that takes it', () => {
    act(() => root.render(<Dialogs names={['settings']} />));
    const field = byTestId('settings-field') as HTMLInputElement;
    field.value = 'draft';
    press(field, 'Escape');
    expect(escaped).toEqual([]);
    field.value = '';
    press(field, 'Escape');
    expect(escaped).toEqual(['settings']);
  });
});
