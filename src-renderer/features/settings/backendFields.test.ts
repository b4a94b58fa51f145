import { describe, expect, it } from 'vitest';
import { asRecord, parseLoose, withOption } from './backendFields';

describe('backend option helpers', () => {
  it('types free-form values', () => {
    expect(parseLoose('true')).toBe(true);
    expect(parseLoose('3600')).toBe(3600);
    expect(parseLoose('debian:12')).toBe('debian:12');
    expect(parseLoose('')).toBe('');
  });

  it('sets one option and keeps the others; an empty value removes it', () => {
    const docker = { image: 'a', socketPath: '/s' };
    expect(withOption(docker, 'image', 'b')).toEqual({ image: 'b', socketPath: '/s' });
    expect(withOption(docker, 'image', '')).toEqual({ socketPath: '/s' });
    expect(docker).toEqual({ image: 'a', socketPath: '/s' });
    expect(asRecord(undefined)).toEqual({});
    expect(asRecord(['x'])).toEqual({});
  });
});
