import { describe, expect, it } from 'vitest';
import { ApiError, unwrap } from './reply';

describe('unwrap', () => {
  it('returns the value of a successful reply', async () => {
    expect(await unwrap(Promise.resolve({ ok: true as const, value: 42 }))).toBe(42);
  });

  it('throws the error reply as an ApiError with its code', async () => {
    const failed = unwrap(
      Promise.resolve({ ok: false as const, error: { code: 'invalid_input', message: 'bad' } }),
    );
    await expect(failed).rejects.toMatchObject({ name: 'ApiError', code: 'invalid_input', message: 'bad' });
  });

  it('turns a rejected call into an ApiError too', async () => {
    await expect(unwrap(Promise.reject(new Error('channel closed')))).rejects.toBeInstanceOf(ApiError);
  });
});
