import type { AppGraph, AppParameter, GraphEdge, GraphNode } from '../app/app-definition';
import type { ComposeFormat } from './compose-format';
import { truncateText } from '../text/graphemes';

export type SceneImages =
  | { kind: 'none' }
  /** URL parameters of the request, by key (presenter, product, image_1 ...). */
  | { kind: 'urls'; keys: string[] }
  /** Images of an earlier run, seeded into nodes `source_1 ...` that do not run again. */
  | { kind: 'seeded'; count: number };

export interface ComposeGraphRequest {
  format: ComposeFormat;
  scenes: string[];
  clipSeconds: number;
  images: SceneImages;
  longEdge?: number;
}

export interface ComposeGraph {
  graph: AppGraph;
  parameters: AppParameter[];
  /** Nodes whose outputs come from an earlier run. */
  seededNodes: string[];
}

const LONG_EDGE = 1280;

/**
 * Builds the graph of one composed video.
 * 1. A voiceover speaks the whole `{{script}}`.
 * 2. Each scene is a clip of `clipSeconds`: animated scene text (style text), or an image with camera
 *    motion: the request's photos cycled in order, the presenter photo fitted to the frame with the scene
 *    as a lower third, or the product staged on a generated backdrop; seeded images of an earlier run.
 * 3. video.compose joins the scenes, mixes the voiceover and burns in captions.
 */
export function buildComposeGraph(request: ComposeGraphRequest): ComposeGraph {
  const longEdge = request.longEdge ?? LONG_EDGE;
  const nodes: GraphNode[] = [
    { id: 'voice', type: 'audio.tts', label: 'Voiceover', config: { text: '{{script}}' } },
  ];
  const edges: GraphEdge[] = [];
  const parameters: AppParameter[] = [
    {
      id: 'p_script',
      key: 'script',
      name: 'Script',
      type: 'text',
      description: 'What the voiceover says.',
      multiple: false,
    },
    {
      id: 'p_aspect',
      key: 'aspect_ratio',
      name: 'Aspect ratio',
      type: 'text',
      description: 'Shape of the video.',
      multiple: false,
    },
  ];
  const sources = imageSources(request, nodes, parameters, longEdge);
  request.scenes.forEach((scene, i) => {
    const id = `scene_${i + 1}`;
    const text = literal(scene);
    const source = sources.length > 0 ? sceneSource(request, sources, i, text, nodes, edges, longEdge) : null;
    const motion = ['zoom-in', 'pan-right', 'zoom-out', 'pan-left'][i % 4];
    nodes.push({
      id,
      type: 'video.generate',
      label: `Scene ${i + 1}`,
      config: {
        prompt: text,
        seconds: request.clipSeconds,
        aspectRatio: '{{aspect_ratio}}',
        longEdge,
        motion,
      },
    });
    if (source) edges.push({ source, target: id });
    edges.push({ source: id, target: 'compose' });
  });
  nodes.push({
    id: 'compose',
    type: 'video.compose',
    label: request.format.label,
    config: { aspectRatio: '{{aspect_ratio}}', longEdge, captions: true, transition: 'fade' },
  });
  nodes.push({ id: 'out', type: 'output', label: 'Video', config: { label: 'Video' } });
  edges.push({ source: 'voice', target: 'compose' }, { source: 'compose', target: 'out' });
  const seededNodes = request.images.kind === 'seeded' ? sources : [];
  return { graph: { nodes, edges }, parameters, seededNodes };
}

/** Nodes that hold the scene images: one per photo (fitted to the frame) or per seeded image. */
function imageSources(
  request: ComposeGraphRequest,
  nodes: GraphNode[],
  parameters: AppParameter[],
  longEdge: number,
): string[] {
  const images = request.images;
  if (images.kind === 'seeded')
    return Array.from({ length: images.count }, (_, k) => {
      const id = `source_${k + 1}`;
      nodes.push({
        id,
        type: 'image.generate',
        label: `Image ${k + 1} from the source run`,
        config: { prompt: 'image of the source run', aspectRatio: '{{aspect_ratio}}' },
      });
      return id;
    });
  if (images.kind === 'none' || request.format.style === 'product') {
    if (images.kind === 'urls') for (const key of images.keys) parameters.push(urlParameter(key));
    return images.kind === 'urls' ? images.keys.map((key) => `param:${key}`) : [];
  }
  return images.keys.map((key, k) => {
    parameters.push(urlParameter(key));
    const id = `source_${k + 1}`;
    nodes.push({
      id,
      type: 'image.edit',
      label: `Photo ${k + 1}`,
      config: { image: `{{${key}}}`, aspectRatio: '{{aspect_ratio}}', longEdge, fit: 'cover' },
    });
    return id;
  });
}

/** The node a scene's clip animates: the product staged per scene, the presenter with a lower third, or a photo. */
function sceneSource(
  request: ComposeGraphRequest,
  sources: string[],
  i: number,
  text: string,
  nodes: GraphNode[],
  edges: GraphEdge[],
  longEdge: number,
): string {
  if (request.format.style === 'product') {
    const key = sources[0].slice('param:'.length);
    const id = `stage_${i + 1}`;
    nodes.push({
      id,
      type: 'image.generate',
      label: `Stage ${i + 1}`,
      config: {
        prompt: `studio product photo, ${text}`,
        aspectRatio: '{{aspect_ratio}}',
        longEdge,
        image: `{{${key}}}`,
      },
    });
    return id;
  }
  if (request.format.style === 'presenter') {
    const id = `frame_${i + 1}`;
    nodes.push({
      id,
      type: 'image.edit',
      label: `Frame ${i + 1}`,
      config: {
        aspectRatio: '{{aspect_ratio}}',
        longEdge,
        fit: 'cover',
        text: shorten(text),
        textPosition: 'top',
      },
    });
    edges.push({ source: sources[0], target: id });
    return id;
  }
  return sources[i % sources.length];
}

const urlParameter = (key: string): AppParameter => ({
  id: `p_${key}`,
  key,
  name: key,
  type: 'url',
  description: 'An image for the video.',
  accept: ['image'],
  multiple: false,
});

/** Scene text is the caller's words: braces are broken up so they are never read as placeholders. */
const literal = (text: string) => text.replace(/\{\{/g, '{ {').replace(/\}\}/g, '} }');

const shorten = (text: string) => truncateText(text, 90);
