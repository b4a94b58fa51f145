import { z } from 'zod';

/**
 * Messages of the WebSocket transport (`caduceus serve`); Electron uses IPC channels instead. A
 * request without an id is a notification: it is validated and handled, and gets no reply.
 */
export const ClientMessageSchema = z.object({
  type: z.literal('request'),
  id: z.number().int().optional(),
  name: z.string(),
  payload: z.unknown(),
});
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

export const ServerMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('reply'),
    id: z.number().int(),
    reply: z.union([
      z.object({ ok: z.literal(true), value: z.unknown() }),
      z.object({ ok: z.literal(false), error: z.object({ code: z.string(), message: z.string() }) }),
    ]),
  }),
  z.object({ type: z.literal('event'), name: z.string(), payload: z.unknown() }),
]);
export type ServerMessage = z.infer<typeof ServerMessageSchema>;

export { WS_PATH } from './wsPath';
