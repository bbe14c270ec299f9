import { z } from 'zod';
import type { Caller } from '../../core/app/app-access';
import type { ApiDeps } from '../deps';

/** What a tool call runs with: the API's dependencies, the caller of the key, and a way to report progress. */
export interface ToolContext {
  deps: ApiDeps;
  caller: Caller;
  /** Sends an MCP progress notification when the client asked for them (a progressToken); else nothing. */
  progress(progress: number, total: number | undefined, message: string): Promise<void>;
  /** Aborted when the client cancels the call or goes away. */
  signal: AbortSignal;
}

/** One MCP tool: its JSON Schema input and structured output come from the zod schemas here. */
export interface Tool<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations?: {
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
  };
  run(context: ToolContext, args: z.output<I>): Promise<z.output<O>>;
}

/** Declares a tool with its argument and result types checked against its schemas. */
export const tool = <I extends z.ZodType, O extends z.ZodType>(definition: Tool<I, O>): Tool =>
  definition as unknown as Tool;

type JsonSchema = Record<string, unknown>;

/** Replaces every `#/$defs/…` reference by the definition: MCP clients get one self-contained schema. */
function inline(node: unknown, defs: Record<string, unknown>): unknown {
  if (Array.isArray(node)) return node.map((item) => inline(item, defs));
  if (!node || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as JsonSchema;
  if (typeof $ref === 'string' && $ref.startsWith('#/$defs/'))
    return { ...(inline(defs[$ref.slice(8)], defs) as JsonSchema), ...(inline(rest, defs) as JsonSchema) };
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inline(value, defs)]));
}

/**
 * The JSON Schema of a tool's input (what a caller sends: defaults optional) or output (what it gets).
 * Named response schemas are inlined, and the root is an object as MCP requires (a union of objects is
 * still an object).
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  const { $defs, ...root } = json;
  delete root.$schema;
  return { type: 'object', ...(inline(root, ($defs ?? {}) as Record<string, unknown>) as JsonSchema) };
}
