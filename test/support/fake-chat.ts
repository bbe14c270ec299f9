import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake model does with one request: call a function, answer text or otherwise, or be slow. */
export type ChatBehaviour =
  | { call: { name: string; arguments: string } }
  | { text: string }
  | { status: number; body: unknown }
  | { delayMs: number; call: { name: string; arguments: string } };

export interface FakeChat {
  /** The OpenAI-compatible base URL (…/v1). */
  baseUrl: string;
  /** Request bodies received on POST /v1/chat/completions. */
  requests: Record<string, unknown>[];
  close(): Promise<void>;
}

/**
 * A local server speaking the chat completions tool-call protocol: POST /v1/chat/completions with
 * `tools`, answered by an assistant message whose `tool_calls` hold one function call (its
 * `arguments` a JSON string), `finish_reason: "tool_calls"`, as OpenAI-compatible servers answer;
 * or by text alone, as a server that ignores `tools` does.
 */
export async function startFakeChat(
  behave: (body: Record<string, unknown>) => ChatBehaviour,
): Promise<FakeChat> {
  const requests: Record<string, unknown>[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
      requests.push(body);
      const answer = behave(body);
      if ('status' in answer) {
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
        return;
      }
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-fake',
            object: 'chat.completion',
            created: 1_700_000_000,
            model: body.model,
            choices: [
              {
                index: 0,
                message:
                  'text' in answer
                    ? { role: 'assistant', content: answer.text }
                    : {
                        role: 'assistant',
                        content: null,
                        tool_calls: [{ id: 'call_1', type: 'function', function: answer.call }],
                      },
                finish_reason: 'text' in answer ? 'stop' : 'tool_calls',
              },
            ],
            usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
          }),
        );
      };
      if ('delayMs' in answer) setTimeout(send, answer.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
