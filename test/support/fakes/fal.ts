import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jsonAnswer, readRequest } from './http';
import { HTML_ERROR_PAGE, audioOf, mp4Of, pngOf } from './media';

/**
 * fal's queue API as its documentation describes it (queue.fal.run):
 * - POST /{model id} with the input (and `Authorization: Key ...`) answers `{request_id, response_url,
 *   status_url, cancel_url, queue_position}`; the request URLs live under the app (`owner/name`), not
 *   under the model's sub-path;
 * - GET .../requests/{id}/status answers IN_QUEUE (with queue_position), IN_PROGRESS (with logs when
 *   `logs=1`), then COMPLETED (with `error` and `error_type` when the model failed);
 * - GET .../requests/{id} answers the result once completed (400 before);
 * - PUT .../requests/{id}/cancel answers 202 CANCELLATION_REQUESTED, or 400 ALREADY_COMPLETED;
 * - a 429 or 503 carries Retry-After.
 * What the next request does is set per test with `next`.
 */

export type FalBehaviour =
  'complete' | 'model_error' | 'validation_error' | 'hang' | 'throttle_once' | 'html_file' | 'wrong_type';

interface FalRequest {
  id: string;
  model: string;
  app: string;
  input: Record<string, unknown>;
  behaviour: FalBehaviour;
  polls: number;
  cancelled: boolean;
}

export interface FalFake {
  baseUrl: string;
  requests: { method: string; path: string; body: unknown; headers: IncomingMessage['headers'] }[];
  submitted: FalRequest[];
  next(behaviour: FalBehaviour): void;
  close(): Promise<void>;
}

export async function startFalFake(
  options: { key?: string; queuedPolls?: number; runningPolls?: number } = {},
): Promise<FalFake> {
  const key = options.key ?? 'fal-test-key';
  const queuedPolls = options.queuedPolls ?? 1;
  const runningPolls = options.runningPolls ?? 2;
  const requests: FalFake['requests'] = [];
  const submitted: FalRequest[] = [];
  let behaviour: FalBehaviour = 'complete';
  let baseUrl = '';

  const server = createServer((req, res) => void handle(req, res));

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const { url, body } = await readRequest(req);
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname + url.search,
      body,
      headers: req.headers,
    });
    const json = jsonAnswer(res);

    if (url.pathname.startsWith('/files/')) return serveFile(url.pathname.slice('/files/'.length), res);
    if (req.headers.authorization !== `Key ${key}`) return json(401, { detail: 'Unauthorized' });

    const match = url.pathname.match(/^\/(.+?)\/requests\/([\w-]+)(\/status|\/cancel)?$/);
    if (!match) {
      if (req.method !== 'POST') return json(405, { detail: 'Method not allowed' });
      const model = url.pathname.slice(1);
      const app = model.split('/').slice(0, 2).join('/');
      const request: FalRequest = {
        id: randomUUID(),
        model,
        app,
        input: body as Record<string, unknown>,
        behaviour,
        polls: 0,
        cancelled: false,
      };
      if (behaviour === 'validation_error')
        return json(422, {
          detail: [{ loc: ['body', 'prompt'], msg: 'field required', type: 'value_error.missing' }],
        });
      submitted.push(request);
      const at = `${baseUrl}/${app}/requests/${request.id}`;
      return json(200, {
        request_id: request.id,
        response_url: at,
        status_url: `${at}/status`,
        cancel_url: `${at}/cancel`,
        queue_position: 0,
      });
    }
    const [, app, id, action] = match;
    const request = submitted.find((r) => r.id === id && r.app === app);
    if (!request) return json(404, { detail: 'Request not found' });
    const completed =
      !request.cancelled && request.behaviour !== 'hang' && request.polls > queuedPolls + runningPolls;

    if (action === '/cancel') {
      if (req.method !== 'PUT') return json(405, { detail: 'Method not allowed' });
      if (completed) return json(400, { status: 'ALREADY_COMPLETED' });
      request.cancelled = true;
      return json(202, { status: 'CANCELLATION_REQUESTED' });
    }
    if (action === '/status') {
      request.polls++;
      if (request.behaviour === 'throttle_once' && request.polls === 1)
        return json(429, { detail: 'Too many requests' }, { 'retry-after': '1' });
      if (request.cancelled)
        return json(200, {
          status: 'COMPLETED',
          error: 'Request was cancelled',
          error_type: 'request_cancelled',
        });
      if (request.polls <= queuedPolls)
        return json(200, {
          status: 'IN_QUEUE',
          queue_position: queuedPolls - request.polls,
          response_url: `${baseUrl}/${app}/requests/${id}`,
        });
      if (request.polls <= queuedPolls + runningPolls || request.behaviour === 'hang') {
        const percent = Math.min(99, Math.round(((request.polls - queuedPolls) / runningPolls) * 100));
        return json(200, {
          status: 'IN_PROGRESS',
          logs:
            url.searchParams.get('logs') === '1'
              ? [{ message: `step ${percent}%`, level: 'INFO', timestamp: new Date().toISOString() }]
              : null,
        });
      }
      if (request.behaviour === 'model_error')
        return json(200, { status: 'COMPLETED', error: 'Internal model error', error_type: 'runner_error' });
      return json(200, { status: 'COMPLETED', logs: [], metrics: { inference_time: 0.4 } });
    }
    if (!completed) return json(400, { detail: 'Request is still in progress' });
    return json(200, resultOf(request));
  }

  function resultOf(request: FalRequest) {
    const file = (name: string) => `${baseUrl}/files/${request.id}-${name}`;
    const kind =
      request.behaviour === 'html_file' ? 'html' : request.behaviour === 'wrong_type' ? 'json' : '';
    if (/video/.test(request.model))
      return { video: { url: file(kind || 'clip.mp4'), content_type: 'video/mp4' } };
    if (/kokoro|tts|speech/.test(request.model))
      return { audio: { url: file(kind || 'speech.wav'), content_type: 'audio/wav' } };
    const size = request.input.image_size as { width: number; height: number };
    return {
      images: [
        {
          url: file(kind || `image-${size.width}x${size.height}.png`),
          width: size.width,
          height: size.height,
          content_type: 'image/png',
        },
      ],
      seed: request.input.seed,
    };
  }

  async function serveFile(name: string, res: ServerResponse) {
    const send = (data: Buffer, type: string) =>
      res.writeHead(200, { 'content-type': type, 'content-length': String(data.length) }).end(data);
    if (name.endsWith('-html')) return send(HTML_ERROR_PAGE, 'text/html; charset=utf-8');
    if (name.endsWith('-json')) return send(Buffer.from('{"status":"ok"}'), 'application/json');
    if (name.endsWith('clip.mp4')) return send(await mp4Of(1280, 720, 5), 'video/mp4');
    if (name.endsWith('speech.wav')) return send(await audioOf(2), 'audio/wav');
    const size = name.match(/image-(\d+)x(\d+)\.png$/);
    if (size) return send(await pngOf(Number(size[1]), Number(size[2]), '#e63946'), 'image/png');
    res.writeHead(404).end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    requests,
    submitted,
    next: (b) => (behaviour = b),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
