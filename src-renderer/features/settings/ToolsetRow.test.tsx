// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolsetInfo } from '../../../src-shared/ipc/schemas';
import { ToolsetRow } from './ToolsetRow';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  host = document.body.appendChild(document.createElement('ul'));
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

function toolset(availability: ToolsetInfo['availability'], enabled: boolean): ToolsetInfo {
  const available = availability !== 'unavailable';
  return {
    name: 'web',
    kind: 'leaf',
    description: 'Search and read the web',
    tools: ['web_search'],
    includes: [],
    availability,
    available,
    toolsAvailable: available ? 1 : 0,
    toolsTotal: 1,
    toolAvailability: [{ name: 'web_search', available, ...(available ? {} : { reason: 'no key' }) }],
    requiresEnv: [],
    missingEnv: [],
    unavailable: {},
    enabled,
  };
}

const render = (t: ToolsetInfo) => act(() => root.render(<ToolsetRow toolset={t} />));
const switchLabel = () => host.querySelector('label.switch');

describe('a toolset row', () => {
  it('draws an enabled but unavailable toolset as inactive, and says why', () => {
    render(toolset('unavailable', true));
    expect(switchLabel()?.classList.contains('switch-muted')).toBe(true);
    expect(host.querySelector('[data-testid="toolset-inactive"]')?.textContent).toMatch(/not offered/);
    // Still on in the settings: switching it off is one click.
    expect(host.querySelector<HTMLInputElement>('[data-testid="toolset-toggle"]')?.checked).toBe(true);
  });

  it('draws an enabled, available toolset as active', () => {
    render(toolset('available', true));
    expect(switchLabel()?.classList.contains('switch-muted')).toBe(false);
    expect(host.querySelector('[data-testid="toolset-inactive"]')).toBeNull();
  });
});
