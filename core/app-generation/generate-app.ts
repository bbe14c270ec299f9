import { AppDefinition } from '../app/app-definition';
import { compileGraph, type GraphCompileError } from '../graph/compile-graph';
import { validationError } from '../errors';
import { hasDeliverable, readInstruction, type AppWish } from './read-instruction';
import { appName, frontmatter } from './app-metadata';
import { GraphBuilder } from './graph-builder';
import { clipToLength } from '../text/graphemes';

export interface GenerateAppRequest {
  appId: string;
  instruction: string;
  name?: string;
  /** The app to start from: its parameters, graph and frontmatter are kept and extended. */
  base?: AppDefinition;
}

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
    name: clipToLength(request.name?.trim() || appName(wish, request.base), 120),
    description: clipToLength(`Generated from the instruction: ${request.instruction.trim()}`, 1000),
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
