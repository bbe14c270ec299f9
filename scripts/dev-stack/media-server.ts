import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface MediaServer {
  url(path: string): string;
  close(): Promise<void>;
}

/** A tiny PNG, to serve as a caller's media input. */
export function samplePng(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2a9d8f' } })
    .png()
    .toBuffer();
}

/** Serves fixed responses on 127.0.0.1 for media-input tests: path -> {type, body, status}. */
export async function startMediaServer(
  routes: Record<string, { type: string; body: Buffer | string; status?: number }>,
): Promise<MediaServer> {
  const server: Server = createServer((req, res) => {
    const route = routes[(req.url ?? '').split('?')[0]];
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const body = typeof route.body === 'string' ? Buffer.from(route.body) : route.body;
    res.writeHead(route.status ?? 200, { 'content-type': route.type, 'content-length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
