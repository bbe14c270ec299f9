import { createAtelierClient, type AtelierClientOptions } from '../../clients/typescript/src';
import type { Contract } from './contract';

export interface RecordedRequest {
  method: string;
  url: string;
  status: number;
}

/**
 * The TypeScript client of clients/typescript against a listening Atelier, its answers checked against the
 * served document like supertest's (test/support/contract.ts), and every request recorded.
 */
export function contractClient(
  origin: string,
  apiKey: string,
  contract: Contract,
  options: Partial<AtelierClientOptions> = {},
) {
  const requests: RecordedRequest[] = [];
  const inner = options.fetch ?? ((request: Request) => fetch(request));
  const client = createAtelierClient({
    baseUrl: origin,
    apiKey,
    ...options,
    fetch: async (request) => {
      const response = await inner(request);
      requests.push({ method: request.method, url: request.url, status: response.status });
      const type = response.headers.get('content-type') ?? '';
      if (!type.startsWith('text/event-stream')) {
        const text = await response.clone().text();
        contract.check(request.method, request.url, {
          status: response.status,
          headers: { 'content-type': type },
          body: type.startsWith('application/json') ? JSON.parse(text) : text,
        });
      }
      return response;
    },
  });
  return { client, requests };
}
