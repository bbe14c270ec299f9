import type { AppDefinition, AppParameter, GraphEdge, GraphNode } from '../app/app-definition';
import type { AppWish } from './read-instruction';
import {
  aspectRatioParameter,
  declareParameter,
  productImageParameter,
  topicParameter,
} from './app-parameters';

/**
 * A generated app's graph while it is built: a copy of the base app's nodes, edges and parameters
 * (its ratio default set to the wish's), with node ids and output labels kept unique and parameters
 * declared on first use.
 */
export class AppGraphDraft {
  readonly nodes: GraphNode[];
  readonly edges: GraphEdge[];
  readonly parameters: AppParameter[];

  constructor(
    protected readonly base: AppDefinition | undefined,
    protected readonly wish: AppWish,
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

  protected output(source: string, label: string): void {
    const taken = new Set(
      this.nodes.filter((n) => n.type === 'output').map((n) => String(n.config.label).toLowerCase()),
    );
    let unique = label;
    for (let i = 2; taken.has(unique.toLowerCase()); i++) unique = `${label} ${i}`;
    this.add(`out_${source}`, 'output', unique, { label: unique }, [source]);
  }

  protected add(
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

  protected topic(): string {
    return declareParameter(this.parameters, 'topic', () => topicParameter(this.wish));
  }

  protected ratio(): string {
    return declareParameter(this.parameters, 'aspect_ratio', () => aspectRatioParameter(this.wish));
  }

  protected productImage(): string {
    return declareParameter(this.parameters, 'media', productImageParameter);
  }
}
