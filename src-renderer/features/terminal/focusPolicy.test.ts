// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { terminalMayTakeFocus } from './focusPolicy';

function page(): {
  terminal: HTMLElement;
  inPane: HTMLTextAreaElement;
  composer: HTMLTextAreaElement;
  button: HTMLButtonElement;
} {
  document.body.innerHTML = `
    <textarea data-testid="chat-input"></textarea><button>Send</button>
    <div data-testid="terminal-pane"><div class="xterm-host"><textarea class="xterm-helper-textarea"></textarea></div></div>`;
  return {
    terminal: document.querySelector('.xterm-host') as HTMLElement,
    inPane: document.querySelector('.xterm-helper-textarea') as HTMLTextAreaElement,
    composer: document.querySelector('[data-testid="chat-input"]') as HTMLTextAreaElement,
    button: document.querySelector('button') as HTMLButtonElement,
  };
}
afterEach(() => (document.body.innerHTML = ''));

describe('terminalMayTakeFocus', () => {
  it('leaves the keyboard with someone typing in a field outside the pane', () => {
    const { terminal, composer } = page();
    composer.focus();
    expect(terminalMayTakeFocus(terminal)).toBe(false);
  });

  it('takes it from nothing, from a button (a tab, +), or from another terminal of the pane', () => {
    const { terminal, button, inPane } = page();
    expect(terminalMayTakeFocus(terminal)).toBe(true);
    button.focus();
    expect(terminalMayTakeFocus(terminal)).toBe(true);
    inPane.focus();
    expect(terminalMayTakeFocus(terminal)).toBe(true);
  });

  it('never takes it from an open dialog', () => {
    const { terminal } = page();
    document.body.insertAdjacentHTML('beforeend', '<div role="dialog" aria-modal="true"></div>');
    expect(terminalMayTakeFocus(terminal)).toBe(false);
  });

  it("lets a command's question take it from the empty composer, never from text being typed", () => {
    const { terminal, composer } = page();
    composer.focus();
    expect(terminalMayTakeFocus(terminal, 'question')).toBe(true);
    composer.value = 'half a thought';
    expect(terminalMayTakeFocus(terminal, 'question')).toBe(false);
  });
});
