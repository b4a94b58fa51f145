// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { readStored, writeStored } from './webStorage';

afterEach(() => localStorage.clear());

describe('webStorage', () => {
  it('keeps a string, and removes it for undefined or empty', () => {
    writeStored(() => localStorage, 'k', 'v');
    expect(readStored(() => localStorage, 'k')).toBe('v');
    writeStored(() => localStorage, 'k', '');
    expect(localStorage.getItem('k')).toBeNull();
    writeStored(() => localStorage, 'k', 'v');
    writeStored(() => localStorage, 'k', undefined);
    expect(readStored(() => localStorage, 'k')).toBeUndefined();
  });

  it('treats storage that is off or full as empty, without throwing', () => {
    const off = (): Storage => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    expect(readStored(off, 'k')).toBeUndefined();
    expect(() => writeStored(off, 'k', 'v')).not.toThrow();
    const full = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(() => writeStored(() => full, 'k', 'v')).not.toThrow();
  });
});
