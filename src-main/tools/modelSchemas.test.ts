import { describe, expect, it } from 'vitest';
import { AGENT_LOOP_TOOLS } from './agentLoop';
import { BROWSER_SCHEMAS } from './browser';
import { EXECUTE_CODE_SCHEMA } from './codeExecution';
import { FILE_SCHEMAS } from './file';
import { MEDIA_SCHEMAS } from './media';
import { SERVICE_SCHEMAS } from './services';
import { SKILL_SCHEMAS } from './skills';
import { PROCESS_SCHEMA, TERMINAL_SCHEMA } from './terminal';
import before from './testing/modelSchemas.json';
import { WEB_SCHEMAS } from './web';

describe('schemas generated from the arguments’ zod types', () => {
  it('are the ones the model saw when they were written by hand', () => {
    const now = [
      TERMINAL_SCHEMA,
      PROCESS_SCHEMA,
      ...Object.values(FILE_SCHEMAS),
      EXECUTE_CODE_SCHEMA,
      ...Object.values(AGENT_LOOP_TOOLS).map((tool) => tool.schema),
      ...Object.values(WEB_SCHEMAS),
      ...Object.values(SKILL_SCHEMAS),
      ...Object.values(MEDIA_SCHEMAS),
      ...Object.values(SERVICE_SCHEMAS),
      ...BROWSER_SCHEMAS,
    ];
    expect(now.map((schema) => schema.name)).toEqual(before.map((schema) => schema.name));
    for (const [i, schema] of now.entries()) expect(schema).toEqual(before[i]);
  });
});
