import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiStack } from './stack';

/** An API stack served on a free loopback port, posting as its owner in sandbox mode. */
export interface SandboxClient {
  post(path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }>;
  close(): Promise<void>;
}

export async function serveSandbox(stack: ApiStack): Promise<SandboxClient> {
  const server = createServer(stack.app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const headers = {
    'content-type': 'application/json',
    'x-api-key': stack.users.owner.key,
    'x-atelier-test': 'true',
  };
  return {
    async post(path, body) {
      const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
