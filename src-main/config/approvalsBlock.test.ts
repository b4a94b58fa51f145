/** config.yaml's approvals block is declared once; what config, gate and Settings read agree with it. */
import { describe, expect, it } from 'vitest';
import { ApprovalSettingsSchema } from '../approval/gate/settings';
import { ConfigSchema } from './schema';
import {
  ApprovalsBlockSchema,
  ApprovalsChangeSchema,
  ApprovalsViewSchema,
} from '../../src-shared/ipc/schemas';

describe('the approvals block', () => {
  it('has one set of defaults, in config.yaml, the gate and Settings alike', () => {
    const block = ApprovalsBlockSchema.parse({});
    expect(block).toEqual({ mode: 'manual', timeout_seconds: 0, containers: 'skip', deny: [], allow: [] });
    expect(ConfigSchema.parse({}).approvals).toEqual(block);
    const { timeout_seconds, ...rest } = block;
    expect(ApprovalSettingsSchema.parse({})).toEqual({ ...rest, timeoutSeconds: timeout_seconds });
    expect(ApprovalsViewSchema.parse({})).toEqual({ mode: 'manual', timeout_seconds: 0, containers: 'skip' });
  });

  it('takes any timeout from 0 in config.yaml, and 0 or 5 to 3600 whole seconds from Settings', () => {
    expect(ApprovalsBlockSchema.safeParse({ timeout_seconds: 2.5 }).success).toBe(true);
    expect(ApprovalsBlockSchema.safeParse({ timeout_seconds: -1 }).success).toBe(false);
    expect(ApprovalSettingsSchema.safeParse({ timeoutSeconds: -1 }).success).toBe(false);
    const change = (timeout_seconds: number) => ApprovalsChangeSchema.safeParse({ timeout_seconds }).success;
    expect([0, 5, 3600].map(change)).toEqual([true, true, true]);
    expect([-1, 3, 2.5, 3601, Number.NaN].map(change)).toEqual([false, false, false, false, false]);
  });

  it('changes from Settings only what they name: no default fills a partial change', () => {
    expect(ApprovalsChangeSchema.parse({})).toEqual({});
    expect(ApprovalsChangeSchema.parse({ containers: 'prompt' })).toEqual({ containers: 'prompt' });
    expect(ApprovalsChangeSchema.safeParse({ deny: ['rm'] }).success).toBe(false);
  });
});
