import { AppDefinition, type AppParameter, type GraphEdge, type GraphNode } from './app-definition';
import { compileGraph, type GraphCompileError } from './compile-graph';
import { validationError } from './errors';
import { ASPECT_RATIO_VALUES } from './node-types';
import { hasDeliverable, readInstruction, type AppWish } from './read-instruction';
import { appName, frontmatter } from './generated-app-metadata';

export interface GenerateAppRequest {
  appId: string;
  instruction: string;
  name?: string;
  /** The app to start from: its parameters, graph and frontmatter are kept and extended. */
  base?: AppDefinition;
}

const MEDIA_LONG_EDGE = 1080;
const VIDEO_LONG_EDGE = 1280;
const CLIP_SECONDS = 5;

/**
 * Composes an app from an instruction, out of the node library.
 * 1. Read the wish (core/read-instruction): deliverables, steps, shape, platforms, inputs.
 * 2. Nothing to deliver (and no base app to adjust) is a VALIDATION_ERROR saying what is understood.
 * 3. Start from the base app's graph, or an empty one; parameters are added only when a node uses them
 *    (`topic`, `aspect_ratio` with the ratio options, `product_image` when a product photo is mentioned).
 * 4. Each deliverable becomes its nodes; media outputs pass through quality.check and human.approval
 *    when asked (also the base app's media outputs); every deliverable ends in an output node.
 * 5. Frontmatter comes from the instruction (summary, keywords, formats, platforms); the result is
 *    compiled, so what is returned is a valid graph.
 */
export function generateApp(request: GenerateAppRequest): { definition: AppDefinition; wish: AppWish } {
  const wish = readInstruction(request.instruction);
  const adjustsBase = request.base && (wish.quality || wish.approval || wish.aspectRatio !== null);
  if (!hasDeliverable(wish) && !adjustsBase)
    throw validationError(
      [
        {
          param: 'instruction',
          code: 'nothing_recognised',
          message:
            'instruction: name at least one deliverable, e.g. an image, a carousel of 5, a video, a voiceover, captions, a caption with hashtags, a headline or alt text',
        },
      ],
      'The instruction names nothing this service can build',
    );
  const graph = new GraphBuilder(request.base, wish);
  graph.addDeliverables();
  if (request.base) graph.gateBaseOutputs();
  const definition: AppDefinition = {
    appId: request.appId,
    name: (request.name?.trim() || appName(wish, request.base)).slice(0, 120),
    description: `Generated from the instruction: ${request.instruction.trim()}`.slice(0, 1000),
    parameters: graph.parameters,
    frontmatter: frontmatter(request.instruction, wish, request.base?.frontmatter),
    graph: { nodes: graph.nodes, edges: graph.edges },
  };
  return { definition: validDefinition(definition), wish };
}

/** The definition as the app schema normalises it, compiled; any problem is a VALIDATION_ERROR listing all. */
function validDefinition(definition: AppDefinition): AppDefinition {
  const parsed = AppDefinition.safeParse(definition);
  if (!parsed.success)
    throw validationError(
      parsed.error.issues.map((i) => ({
        param: 'instruction',
        code: 'invalid_app',
        message: `${i.path.join('.')}: ${i.message}`,
      })),
      'The generated app is not valid',
    );
  try {
    compileGraph(parsed.data.graph, parsed.data.parameters);
  } catch (err) {
    if ((err as Error).name !== 'GraphCompileError') throw err;
    throw validationError(
      (err as GraphCompileError).issues.map((i) => ({
        param: 'instruction',
        code: 'invalid_graph',
        message: `${i.field}: ${i.message}`,
      })),
      'The generated graph does not compile',
    );
  }
  return parsed.data;
}

class GraphBuilder {
  readonly nodes: GraphNode[];
  readonly edges: GraphEdge[];
  readonly parameters: AppParameter[];

  constructor(
    private readonly base: AppDefinition | undefined,
    private readonly wish: AppWish,
  ) {
    this.nodes = base ? base.graph.nodes.map((n) => ({ ...n })) : [];
    this.edges = base ? base.graph.edges.map((e) => ({ ...e })) : [];
    this.parameters = base ? base.parameters.map((p) => ({ ...p })) : [];
    if (base && wish.aspectRatio) {
      const ratio = this.parameters.find(
        (p) => p.role === 'aspect_ratio' && p.options?.includes(wish.aspectRatio!),
      );
      if (ratio) ratio.default = wish.aspectRatio;
    }
  }

  addDeliverables(): void {
    const w = this.wish;
    const where = w.platforms.length > 0 ? ` for ${w.platforms.join(' and ')}` : '';
    const look = w.styleWords.length > 0 ? `${w.styleWords.join(', ')} ` : '';
    if (w.image)
      this.finishMedia(
        this.imageNode('image', 'Image', `${look}visual${where} about {{${this.topic()}}}`),
        'Image',
      );
    for (let i = 1; i <= w.carousel; i++)
      this.finishMedia(
        this.imageNode(
          `slide_${i}`,
          `Slide ${i}`,
          `${look}carousel slide ${i} of ${w.carousel}${where} about {{${this.topic()}}}`,
        ),
        `Slide ${i}`,
      );
    const script =
      w.voiceover || (w.video && w.subtitles)
        ? this.add('script', 'text.generate', 'Script', {
            prompt: `A short, spoken voiceover script of about ${CLIP_SECONDS * 3} seconds about {{${this.topic()}}}`,
            purpose: 'script',
            maxWords: 45,
          })
        : null;
    const voice =
      w.voiceover && script
        ? this.add('voiceover', 'audio.tts', 'Voiceover', { text: `{{nodes.${script}}}` }, [script])
        : null;
    if (w.video) {
      const keyframe = this.imageNode(
        'keyframe',
        'Key visual',
        `${look}cinematic key visual${where} about {{${this.topic()}}}`,
        VIDEO_LONG_EDGE,
      );
      const clip = this.add(
        'clip',
        'video.generate',
        'Clip',
        {
          seconds: CLIP_SECONDS,
          aspectRatio: `{{${this.ratio()}}}`,
          longEdge: VIDEO_LONG_EDGE,
          motion: 'zoom-in',
        },
        [keyframe],
      );
      const parents = [clip, ...(voice ? [voice] : []), ...(w.subtitles && !voice && script ? [script] : [])];
      const video = this.add(
        'video',
        'video.compose',
        'Video',
        {
          aspectRatio: `{{${this.ratio()}}}`,
          longEdge: VIDEO_LONG_EDGE,
          captions: w.subtitles,
          transition: 'fade',
        },
        parents,
      );
      this.finishMedia(video, 'Video');
    } else if (voice && script) {
      this.finishMedia(voice, 'Voiceover');
      this.output(script, 'Script');
    }
    if (w.caption)
      this.output(
        this.add('caption', 'text.generate', 'Caption', {
          prompt: `Write an engaging social caption${where} about {{${this.topic()}}}, with a hook and hashtags`,
          purpose: 'caption',
          maxWords: 60,
        }),
        'Caption',
      );
    if (w.headline)
      this.output(
        this.add('headline', 'text.generate', 'Headline', {
          prompt: `A short headline about {{${this.topic()}}}`,
          purpose: 'headline',
          maxWords: 12,
        }),
        'Headline',
      );
    if (w.altText && (w.image || w.carousel > 0 || w.video))
      this.output(
        this.add('alt_text', 'text.generate', 'Alt text', {
          prompt: `Alt text for a ${look}visual about {{${this.topic()}}}`,
          purpose: 'alt_text',
          maxWords: 40,
        }),
        'Alt text',
      );
  }

  /** Puts the asked-for quality and approval gates in front of the base app's media outputs. */
  gateBaseOutputs(): void {
    const plan = compileGraph(this.base!.graph, this.base!.parameters);
    for (const out of plan.nodes.filter(
      (n) => n.type === 'output' && (n.produces === 'image' || n.produces === 'video'),
    )) {
      const parent = plan.nodes.find((n) => n.id === out.parents[0])!;
      const edge = this.edges.find((e) => e.source === parent.id && e.target === out.id)!;
      let source = parent.id;
      if (this.wish.quality && parent.type !== 'quality.check' && parent.type !== 'human.approval')
        source = this.add(
          `${parent.id}_quality`,
          'quality.check',
          `${parent.label} quality`,
          { minScore: 0.6, maxRetries: 2 },
          [source],
        );
      if (this.wish.approval && parent.type !== 'human.approval')
        source = this.add(
          `${parent.id}_approval`,
          'human.approval',
          `Approve ${parent.label.toLowerCase()}`,
          {},
          [source],
        );
      edge.source = source;
    }
  }

  private imageNode(id: string, label: string, prompt: string, longEdge = MEDIA_LONG_EDGE): string {
    const config: Record<string, unknown> = { prompt, aspectRatio: `{{${this.ratio()}}}`, longEdge };
    if (this.wish.productImage) config.image = `{{${this.productImage()}}}`;
    return this.add(id, 'image.generate', label, config);
  }

  private finishMedia(nodeId: string, label: string): void {
    let source = nodeId;
    const name = this.nodes.find((n) => n.id === nodeId)!.label;
    if (this.wish.quality)
      source = this.add(
        `${nodeId}_quality`,
        'quality.check',
        `${name} quality`,
        { minScore: 0.6, maxRetries: 2 },
        [source],
      );
    if (this.wish.approval)
      source = this.add(`${nodeId}_approval`, 'human.approval', `Approve ${name.toLowerCase()}`, {}, [
        source,
      ]);
    this.output(source, label);
  }

  private output(source: string, label: string): void {
    const taken = new Set(
      this.nodes.filter((n) => n.type === 'output').map((n) => String(n.config.label).toLowerCase()),
    );
    let unique = label;
    for (let i = 2; taken.has(unique.toLowerCase()); i++) unique = `${label} ${i}`;
    this.add(`out_${source}`, 'output', unique, { label: unique }, [source]);
  }

  private add(
    id: string,
    type: string,
    label: string,
    config: Record<string, unknown>,
    parents: string[] = [],
  ): string {
    let unique = id;
    for (let i = 2; this.nodes.some((n) => n.id === unique); i++) unique = `${id}_${i}`;
    this.nodes.push({ id: unique, type, label, config });
    for (const p of parents) this.edges.push({ source: p, target: unique });
    return unique;
  }

  private topic(): string {
    return this.param('topic', () => ({
      id: 'p_topic',
      key: 'topic',
      name: 'Topic',
      type: 'text',
      role: 'topic',
      multiple: false,
      description: 'What the content is about, in a sentence.',
      ...(this.wish.topic ? { default: this.wish.topic } : {}),
    }));
  }

  private ratio(): string {
    const fallback = this.wish.video || this.wish.voiceover ? '9:16' : '1:1';
    return this.param('aspect_ratio', () => ({
      id: 'p_aspect',
      key: 'aspect_ratio',
      name: 'Aspect ratio',
      type: 'options',
      role: 'aspect_ratio',
      multiple: false,
      options: [...ASPECT_RATIO_VALUES],
      default: this.wish.aspectRatio ?? fallback,
      description: 'Shape of the visuals for the target platform.',
    }));
  }

  private productImage(): string {
    return this.param('media', () => ({
      id: 'p_product',
      key: 'product_image',
      name: 'Product image',
      type: 'url',
      role: 'media',
      accept: ['image'],
      multiple: false,
      description: 'URL of a photo of the product, placed in the visuals.',
    }));
  }

  /** The parameter of a role (the base app's own when it has one), declared on first use. */
  private param(role: NonNullable<AppParameter['role']>, make: () => AppParameter): string {
    const existing =
      this.parameters.find((p) => p.role === role && (role !== 'media' || p.key === 'product_image')) ??
      this.parameters.find((p) => p.key === make().key);
    if (existing) return existing.key;
    const created = make();
    this.parameters.push(created);
    return created.key;
  }
}
