/**
 * A throwaway backend descriptor for the tests that follow the "add a backend" recipe
 * (docs/architecture.md): they append it to the list as the recipe's one shared edit.
 */
import { z } from 'zod';
import { defineBackend } from '../descriptor';

export const FakeConfigSchema = z.object({
  endpoint: z.string().default('fake://here'),
  cwd: z.string().default('/fake/home'),
});

export const FAKE_BACKEND = defineBackend({
  kind: 'fake',
  label: 'Fake cloud',
  isolation: 'remote',
  sandboxed: false,
  config: FakeConfigSchema.prefault({}),
  fields: [{ key: 'endpoint', label: 'Endpoint', type: 'text', required: true }],
});
