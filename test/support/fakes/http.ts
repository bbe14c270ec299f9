import type { IncomingMessage, ServerResponse } from 'node:http';

/** What the fake providers share: reading a request as the real servers parse it, and answering JSON. */

export interface ReadRequest {
  url: URL;
  raw: Buffer;
  type: string;
  /** The JSON body, when there is one. */
  body: unknown;
  /** A multipart body, parsed as the servers' form parsers do. */
  form(): Promise<FormData>;
}

export async function readRequest(req: IncomingMessage): Promise<ReadRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const type = req.headers['content-type'] ?? '';
  return {
    url: new URL(req.url ?? '/', 'http://x'),
    raw,
    type,
    body: type.includes('json') && raw.length ? JSON.parse(raw.toString()) : undefined,
    form: () =>
      new Request('http://x', { method: 'POST', headers: { 'content-type': type }, body: raw }).formData(),
  };
}

/** Answers JSON with a status and extra headers. */
export const jsonAnswer =
  (res: ServerResponse) =>
  (status: number, value: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
