import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jsonAnswer, readRequest } from './http';
import { mp4Of, pngOf } from './media';

/**
 * Replicate's HTTP API as its documentation describes it:
 * - POST /v1/models/{owner}/{name}/predictions `{input}` answers 201 with the prediction (`starting`), or
 *   waits up to `Prefer: wait=N` seconds and answers it finished; `Cancel-After` bounds its lifetime,
 *   after which the server cancels it;
 * - GET /v1/predictions/{id} moves it starting -> processing (with logs) -> succeeded | failed;
 * - POST /v1/predictions/{id}/cancel cancels it; POST /v1/files (multipart `content`) stores an input
 *   file and answers its `urls.get`;
 * - 429 carries Retry-After.
 */

export type ReplicateBehaviour = 'succeed' | 'fail' | 'hang' | 'throttle_once';

interface Prediction {
  id: string;
  model: string;
  input: Record<string, unknown>;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  polls: number;
  behaviour: ReplicateBehaviour;
  cancelAfterMs: number;
  created: number;
  output: string | null;
}

export interface ReplicateFake {
  baseUrl: string;
  requests: { method: string; path: string; body: unknown; headers: IncomingMessage['headers'] }[];
  predictions: Prediction[];
  files: Map<string, Buffer>;
  next(behaviour: ReplicateBehaviour): void;
  close(): Promise<void>;
}

const durationMs = (text: string) =>
  [...text.matchAll(/(\d+)(h|m|s)/g)].reduce(
    (ms, [, n, u]) => ms + Number(n) * { h: 3_600_000, m: 60_000, s: 1000 }[u as 'h']!,
    0,
  );

export async function startReplicateFake(options: { pollsToFinish?: number } = {}): Promise<ReplicateFake> {
  const pollsToFinish = options.pollsToFinish ?? 2;
  const requests: ReplicateFake['requests'] = [];
  const predictions: Prediction[] = [];
  const files = new Map<string, Buffer>();
  let behaviour: ReplicateBehaviour = 'succeed';
  let baseUrl = '';

  const view = (p: Prediction) => ({
    id: p.id,
    model: p.model,
    input: p.input,
    status: p.status,
    output: p.output,
    error: p.status === 'failed' ? 'CUDA error: device-side assert triggered' : null,
    logs: p.status === 'processing' ? `${Math.min(99, p.polls * 40)}%|████      | ${p.polls}/3` : '',
    urls: { get: `${baseUrl}/v1/predictions/${p.id}`, cancel: `${baseUrl}/v1/predictions/${p.id}/cancel` },
  });

  const advance = (p: Prediction) => {
    if (p.status === 'canceled' || p.status === 'succeeded' || p.status === 'failed') return;
    if (Date.now() - p.created > p.cancelAfterMs) return void (p.status = 'canceled');
    p.polls++;
    if (p.behaviour === 'hang' || p.polls < pollsToFinish) return void (p.status = 'processing');
    if (p.behaviour === 'fail') return void (p.status = 'failed');
    p.status = 'succeeded';
    p.output = `${baseUrl}/files/${p.id}/${/video/.test(p.model) ? 'out.mp4' : 'out.png'}`;
  };

  const server = createServer((req, res) => void handle(req, res));
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const request = await readRequest(req);
    const { url, body } = request;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, body, headers: req.headers });
    const json = jsonAnswer(res);

    const file = url.pathname.match(/^\/files\/([\w-]+)\/(out\.\w+)$/);
    if (file) {
      const video = file[2] === 'out.mp4';
      const data = video ? await mp4Of(1280, 720, 6) : await pngOf(1024, 576, '#264653');
      return res.writeHead(200, { 'content-type': video ? 'video/mp4' : 'image/png' }).end(data);
    }
    if (req.headers.authorization !== 'Bearer r8_test')
      return json(401, {
        title: 'Unauthenticated',
        detail: 'You did not pass a valid authentication token',
        status: 401,
      });
    const create = url.pathname.match(/^\/v1\/models\/([\w.-]+\/[\w.-]+)\/predictions$/);
    if (req.method === 'POST' && create) {
      const input = (body as { input?: Record<string, unknown> })?.input;
      if (!input?.prompt)
        return json(422, {
          title: 'Input validation failed',
          detail: '- input: prompt is required',
          status: 422,
        });
      const p: Prediction = {
        id: randomUUID().replace(/-/g, '').slice(0, 26),
        model: create[1],
        input,
        status: 'starting',
        polls: 0,
        behaviour,
        cancelAfterMs: durationMs(String(req.headers['cancel-after'] ?? '1h')),
        created: Date.now(),
        output: null,
      };
      predictions.push(p);
      return json(201, view(p));
    }
    if (req.method === 'POST' && url.pathname === '/v1/files') {
      const form = await request.form();
      const content = form.get('content');
      if (!(content instanceof Blob)) return json(400, { detail: 'content is required' });
      const id = randomUUID();
      files.set(id, Buffer.from(await content.arrayBuffer()));
      return json(201, { id, name: (content as File).name, urls: { get: `${baseUrl}/v1/files/${id}` } });
    }
    const one = url.pathname.match(/^\/v1\/predictions\/(\w+)(\/cancel)?$/);
    const p = one && predictions.find((x) => x.id === one[1]);
    if (!p) return json(404, { detail: 'Not found' });
    if (one![2]) {
      if (p.status === 'starting' || p.status === 'processing') p.status = 'canceled';
      return json(200, view(p));
    }
    if (p.behaviour === 'throttle_once' && p.polls === 0) {
      p.polls = -1;
      return json(429, { detail: 'Request was throttled.', status: 429 }, { 'retry-after': '1' });
    }
    if (p.polls < 0) p.polls = 0;
    advance(p);
    return json(200, view(p));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    requests,
    predictions,
    files,
    next: (b) => (behaviour = b),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
