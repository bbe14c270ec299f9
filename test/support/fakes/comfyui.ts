import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { jsonAnswer, readRequest } from './http';
import { HTML_ERROR_PAGE, mp4Of, pngOf } from './media';

/**
 * A ComfyUI server as its HTTP and WebSocket protocol shows it (server.py, execution.py):
 * - POST /prompt validates the API-format graph (known class types, links to existing nodes, literal
 *   sizes) and answers `{prompt_id, number, node_errors}`, or 400 `{error, node_errors}`;
 * - one prompt executes at a time, in queue order; its client's socket (`/ws?clientId=`) gets `status`,
 *   `execution_start`, `executing` per node, `progress` for the sampler, `executed`, `executing` with
 *   node null, then `execution_success`, or `execution_error` / `execution_interrupted`;
 * - GET /history/{id} is `{}` until the prompt ends, then its outputs and status; GET /view serves the
 *   saved files; POST /upload/image stores input images; GET /queue lists running and pending prompts;
 * - POST /interrupt stops the running prompt (only if it is the named one); POST /queue {delete} removes
 *   pending ones.
 * What a prompt does is set per test with `next`: complete, fail at a node, run out of GPU memory, run
 * until interrupted, or save a file that is not what it claims.
 */

export type Behaviour =
  'complete' | 'execution_error' | 'out_of_memory' | 'hang' | 'html_view' | 'truncated_view' | 'square_image';

const KNOWN = new Set([
  'CheckpointLoaderSimple',
  'EmptyLatentImage',
  'CLIPTextEncode',
  'KSampler',
  'VAEDecode',
  'VAEEncode',
  'SaveImage',
  'LoadImage',
  'ImageScale',
  'UNETLoader',
  'CLIPLoader',
  'VAELoader',
  'CLIPVisionLoader',
  'CLIPVisionEncode',
  'ModelSamplingSD3',
  'EmptyHunyuanLatentVideo',
  'WanImageToVideo',
  'CreateVideo',
  'SaveVideo',
]);

type Graph = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

interface Prompt {
  id: string;
  number: number;
  graph: Graph;
  clientId: string;
  behaviour: Behaviour;
  state: 'pending' | 'running' | 'done';
  history?: Record<string, unknown>;
  stop?: () => void;
}

export interface ComfyFake {
  baseUrl: string;
  requests: { method: string; path: string; body: unknown }[];
  prompts: Prompt[];
  uploads: Map<string, Buffer>;
  /** Events sent on sockets, in order. */
  events: { type: string; data: Record<string, unknown> }[];
  /** What the next prompts do (until changed). */
  next(behaviour: Behaviour): void;
  /** Whether the server accepts WebSocket connections (a proxy may not pass them). */
  sockets(enabled: boolean): void;
  close(): Promise<void>;
}

export async function startComfyFake(options: { stepMs?: number; steps?: number } = {}): Promise<ComfyFake> {
  const stepMs = options.stepMs ?? 5;
  const steps = options.steps ?? 4;
  const requests: ComfyFake['requests'] = [];
  const prompts: Prompt[] = [];
  const uploads = new Map<string, Buffer>();
  const files = new Map<string, { data: Buffer; type: string }>();
  const events: ComfyFake['events'] = [];
  const clients = new Map<string, WebSocket>();
  let behaviour: Behaviour = 'complete';
  let socketsEnabled = true;
  let number = 0;
  let running: Prompt | undefined;

  const send = (clientId: string, type: string, data: Record<string, unknown>) => {
    events.push({ type, data });
    clients.get(clientId)?.send(JSON.stringify({ type, data }));
  };
  const queueRemaining = () => prompts.filter((p) => p.state !== 'done').length;

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: Error) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(err.message);
    });
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/ws' || !socketsEnabled) return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      const clientId = url.searchParams.get('clientId') || randomUUID().replace(/-/g, '');
      clients.set(clientId, ws);
      ws.on('close', () => clients.delete(clientId));
      ws.send(
        JSON.stringify({
          type: 'status',
          data: { status: { exec_info: { queue_remaining: queueRemaining() } }, sid: clientId },
        }),
      );
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const request = await readRequest(req);
    const { url, body } = request;
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, body });
    const json = jsonAnswer(res);

    if (req.method === 'POST' && url.pathname === '/prompt')
      return json(...queuePrompt(body as Record<string, unknown>));
    if (req.method === 'GET' && url.pathname.startsWith('/history/')) {
      const prompt = prompts.find((p) => p.id === decodeURIComponent(url.pathname.slice('/history/'.length)));
      return json(200, prompt?.history ? { [prompt.id]: prompt.history } : {});
    }
    if (req.method === 'GET' && url.pathname === '/queue') {
      const item = (p: Prompt) => [p.number, p.id, p.graph, { client_id: p.clientId }, []];
      return json(200, {
        queue_running: prompts.filter((p) => p.state === 'running').map(item),
        queue_pending: prompts.filter((p) => p.state === 'pending').map(item),
      });
    }
    if (req.method === 'POST' && url.pathname === '/interrupt') {
      const id = (body as { prompt_id?: string } | undefined)?.prompt_id;
      if (running && (!id || id === running.id)) running.stop?.();
      return res.writeHead(200).end();
    }
    if (req.method === 'POST' && url.pathname === '/queue') {
      for (const id of (body as { delete?: string[] }).delete ?? []) {
        const p = prompts.find((x) => x.id === id && x.state === 'pending');
        if (p) prompts.splice(prompts.indexOf(p), 1);
      }
      return res.writeHead(200).end();
    }
    if (req.method === 'POST' && url.pathname === '/upload/image') {
      const form = await request.form();
      const image = form.get('image');
      if (!(image instanceof Blob)) return res.writeHead(400).end();
      const name = (image as File).name;
      uploads.set(name, Buffer.from(await image.arrayBuffer()));
      return json(200, { name, subfolder: '', type: form.get('type') ?? 'input' });
    }
    if (req.method === 'GET' && url.pathname === '/view') {
      const file = files.get(
        `${url.searchParams.get('type')}/${url.searchParams.get('subfolder')}/${url.searchParams.get('filename')}`,
      );
      if (!file) return res.writeHead(404).end();
      return res
        .writeHead(200, { 'content-type': file.type, 'content-length': String(file.data.length) })
        .end(file.data);
    }
    res.writeHead(404).end();
  }

  /** ComfyUI's validation, in short: known nodes, links to existing outputs, literal numbers where numbers go. */
  function queuePrompt(body: Record<string, unknown>): [number, unknown] {
    const graph = body?.prompt as Graph | undefined;
    if (!graph || typeof graph !== 'object')
      return [400, { error: { type: 'no_prompt', message: 'No prompt provided' }, node_errors: {} }];
    const nodeErrors: Record<string, unknown> = {};
    for (const [id, node] of Object.entries(graph)) {
      if (!KNOWN.has(node.class_type))
        return [
          400,
          {
            error: {
              type: 'invalid_prompt',
              message: `Cannot execute because node ${node.class_type} does not exist.`,
              details: `Node ID '#${id}'`,
            },
            node_errors: {},
          },
        ];
      for (const [input, value] of Object.entries(node.inputs)) {
        const broken =
          (Array.isArray(value) && !graph[String(value[0])]) ||
          (typeof value === 'string' && /\{\{/.test(value)) ||
          (['width', 'height', 'seed', 'length', 'fps'].includes(input) && typeof value !== 'number');
        if (broken)
          nodeErrors[id] = {
            errors: [
              {
                type: 'value_not_valid',
                message: `Invalid value for ${input}`,
                details: `${input}: ${JSON.stringify(value)}`,
              },
            ],
            class_type: node.class_type,
          };
      }
    }
    if (Object.keys(nodeErrors).length)
      return [
        400,
        {
          error: {
            type: 'prompt_outputs_failed_validation',
            message: 'Prompt outputs failed validation',
            details: '',
          },
          node_errors: nodeErrors,
        },
      ];
    const prompt: Prompt = {
      id: randomUUID(),
      number: number++,
      graph,
      clientId: String(body.client_id ?? ''),
      behaviour,
      state: 'pending',
    };
    prompts.push(prompt);
    void drain();
    return [200, { prompt_id: prompt.id, number: prompt.number, node_errors: {} }];
  }

  async function drain() {
    if (running) return;
    const prompt = prompts.find((p) => p.state === 'pending');
    if (!prompt) return;
    running = prompt;
    prompt.state = 'running';
    await execute(prompt);
    prompt.state = 'done';
    running = undefined;
    void drain();
  }

  async function execute(p: Prompt) {
    const messages: [string, Record<string, unknown>][] = [];
    const note = (type: string, data: Record<string, unknown>) => {
      messages.push([type, data]);
      send(p.clientId, type, data);
    };
    let interrupted = false;
    p.stop = () => (interrupted = true);
    note('execution_start', { prompt_id: p.id, timestamp: Date.now() });
    const sampler = Object.keys(p.graph).find((id) => p.graph[id].class_type === 'KSampler')!;
    for (const id of Object.keys(p.graph)) {
      send(p.clientId, 'executing', { node: id, display_node: id, prompt_id: p.id });
      if (id !== sampler) continue;
      for (let step = 1; p.behaviour === 'hang' || step <= steps; step++) {
        await new Promise((r) => setTimeout(r, stepMs));
        if (interrupted) {
          note('execution_interrupted', {
            prompt_id: p.id,
            node_id: id,
            node_type: 'KSampler',
            executed: [],
          });
          p.history = {
            prompt: [p.number, p.id, p.graph, {}, []],
            outputs: {},
            status: { status_str: 'error', completed: false, messages },
          };
          return;
        }
        send(p.clientId, 'progress', { value: Math.min(step, steps), max: steps, prompt_id: p.id, node: id });
      }
      if (p.behaviour === 'execution_error' || p.behaviour === 'out_of_memory') {
        const oom = p.behaviour === 'out_of_memory';
        note('execution_error', {
          prompt_id: p.id,
          node_id: id,
          node_type: 'KSampler',
          executed: [],
          exception_message: oom ? 'Allocation on device' : 'Error(s) in loading state_dict: size mismatch',
          exception_type: oom ? 'torch.OutOfMemoryError' : 'RuntimeError',
          traceback: [],
        });
        p.history = {
          prompt: [p.number, p.id, p.graph, {}, []],
          outputs: {},
          status: { status_str: 'error', completed: false, messages },
        };
        return;
      }
    }
    const outputs: Record<string, unknown> = {};
    for (const [id, node] of Object.entries(p.graph)) {
      if (node.class_type !== 'SaveImage' && node.class_type !== 'SaveVideo') continue;
      const saved = await savedFile(p, node.class_type === 'SaveVideo');
      const key = { filename: saved.name, subfolder: '', type: 'output' };
      outputs[id] = node.class_type === 'SaveVideo' ? { images: [key], animated: [true] } : { images: [key] };
      send(p.clientId, 'executed', { node: id, display_node: id, output: outputs[id], prompt_id: p.id });
    }
    send(p.clientId, 'executing', { node: null, prompt_id: p.id });
    note('execution_success', { prompt_id: p.id, timestamp: Date.now() });
    p.history = {
      prompt: [p.number, p.id, p.graph, {}, Object.keys(outputs)],
      outputs,
      status: { status_str: 'success', completed: true, messages },
    };
  }

  /** The file a save node writes: a PNG coloured by the prompt text, or an mp4 of the latent's size and length. */
  async function savedFile(p: Prompt, video: boolean) {
    const nodes = Object.values(p.graph);
    const latent = nodes.find((n) => typeof n.inputs.width === 'number')!.inputs as Record<string, number>;
    const text =
      nodes.filter((n) => n.class_type === 'CLIPTextEncode').map((n) => String(n.inputs.text))[0] ?? '';
    const colour = '#' + createHash('sha256').update(text).digest('hex').slice(0, 6);
    const name = `atelier_${p.number}.${video ? 'mp4' : 'png'}`;
    const [w, h] =
      p.behaviour === 'square_image' ? [latent.width, latent.width] : [latent.width, latent.height];
    let data = video
      ? await mp4Of(w, h, Math.max(1, Math.round((latent.length - 1) / 16)))
      : await pngOf(w, h, colour);
    let type = video ? 'video/mp4' : 'image/png';
    if (p.behaviour === 'html_view') [data, type] = [HTML_ERROR_PAGE, 'text/html'];
    if (p.behaviour === 'truncated_view') data = data.subarray(0, Math.floor(data.length / 2));
    files.set(`output//${name}`, { data, type });
    return { name };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    requests,
    prompts,
    uploads,
    events,
    next: (b) => (behaviour = b),
    sockets: (enabled) => (socketsEnabled = enabled),
    close: async () => {
      prompts.forEach((p) => p.stop?.());
      for (const ws of clients.values()) ws.terminate();
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
