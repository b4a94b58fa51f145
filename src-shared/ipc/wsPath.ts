/** Where `caduceus serve` takes the page's WebSocket. Apart from wire.ts so the page's entry module loads no zod. */
export const WS_PATH = '/ws';
