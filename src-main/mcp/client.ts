import { pathToFileURL } from 'node:url';
import { Client, type ClientOptions } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpClientContext } from './clientContext';
import { RateLimiter, SAMPLES_PER_MINUTE, sample, type SamplingPolicy } from './sampling';

export const CLIENT_INFO = { name: 'caduceus', version: '0.1.0' };

/** An SDK client that offers what the context can answer: elicitation forms and roots. */
export function createClient(
  server: string,
  context: McpClientContext,
  onToolsChanged: () => void,
  samplingPolicy: SamplingPolicy = 'deny',
  onLog: (line: string) => void = () => {},
): Client {
  const capabilities: NonNullable<ClientOptions['capabilities']> = {};
  // applyDefaults: the SDK fills in a field's schema default that the answer leaves out.
  if (context.elicit) capabilities.elicitation = { form: { applyDefaults: true } };
  if (context.roots) capabilities.roots = { listChanged: true };
  if (context.complete && samplingPolicy !== 'deny') capabilities.sampling = {};
  const client = new Client(CLIENT_INFO, { capabilities });
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => onToolsChanged());
  client.setNotificationHandler(LoggingMessageNotificationSchema, async ({ params }) => {
    const data = typeof params.data === 'string' ? params.data : JSON.stringify(params.data);
    onLog(`[${params.level}${params.logger ? ` ${params.logger}` : ''}] ${data}`);
  });

  const { elicit } = context;
  if (elicit)
    client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
      const params = request.params;
      if (!('requestedSchema' in params)) return { action: 'decline' };
      return elicit({ server, message: params.message, schema: params.requestedSchema }, extra.signal);
    });
  const complete = context.complete;
  if (complete && samplingPolicy !== 'deny') {
    const limiter = new RateLimiter(SAMPLES_PER_MINUTE);
    client.setRequestHandler(CreateMessageRequestSchema, async (request, extra) =>
      sample(
        { server, policy: samplingPolicy, params: request.params },
        { complete, elicit, limiter },
        extra.signal,
      ),
    );
  }
  // Read at each request: the workspace may have moved since the connection was made.
  if (context.roots)
    client.setRequestHandler(ListRootsRequestSchema, async () => ({
      roots: (context.roots?.() ?? []).map((dir) => ({ uri: pathToFileURL(dir).href, name: dir })),
    }));
  return client;
}
