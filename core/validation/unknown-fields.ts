import type { z } from 'zod';
import { closestName } from '../text/closest-name';

/** A key a caller sent that the schema does not name: where, and the known name it most likely meant. */
export interface UnknownField {
  /** The path of the key itself (`autoQuality.treshold`). */
  path: (string | number)[];
  known: string[];
  suggestion?: string;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schema a value is first read by: wrappers, pipes (their input side) and lazies unwrapped. */
function unwrap(schema: z.ZodType): z.ZodType {
  for (let current = schema, guard = 0; guard < 50; guard++) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in && def.out)
      current = defOf(def.in).type === 'transform' ? def.out : def.in;
    else if (def.type === 'lazy' && def.getter) current = def.getter();
    else return current;
  }
  return schema;
}

/** The object shapes a value may match (one for an object, each object option of a union). */
function shapesOf(schema: z.ZodType): Def[] {
  const def = defOf(unwrap(schema));
  if (def.type === 'object') return [def];
  if (def.type === 'union') return (def.options ?? []).flatMap(shapesOf);
  if (def.type === 'intersection' && def.left && def.right) {
    const [left, right] = [shapesOf(def.left), shapesOf(def.right)];
    return left.length && right.length
      ? [{ type: 'object', shape: { ...left[0].shape, ...right[0].shape }, catchall: left[0].catchall }]
      : [];
  }
  return [];
}

/**
 * Every key of `value` that `schema` would silently drop: zod strips unknown keys, so a misspelt
 * `aspect_ratio` used to vanish and the default apply (issue 25 item 7).
 * 1. Unwrap optional/default/nullable/pipe/lazy to the schema that reads the value.
 * 2. An object without a catchall (zod's default, "strip") knows only its shape's keys; each other key is
 *    reported with the closest known one. A loose object (catchall) accepts any key. The keys of a union
 *    of objects are those of all its options.
 * 3. Recurse into the known keys of a single object, the elements of arrays, and the values of records.
 */
export function findUnknownFields(
  schema: z.ZodType,
  value: unknown,
  path: (string | number)[] = [],
): UnknownField[] {
  const target = unwrap(schema);
  const def = defOf(target);
  if (def.type === 'array' && def.element && Array.isArray(value))
    return value.flatMap((item, i) => findUnknownFields(def.element!, item, [...path, i]));
  if (!isRecord(value)) return [];
  if (def.type === 'record' && def.valueType)
    return Object.entries(value).flatMap(([k, v]) => findUnknownFields(def.valueType!, v, [...path, k]));
  const shapes = shapesOf(target);
  if (shapes.length === 0 || shapes.some((s) => s.catchall !== undefined)) return [];
  const known = [...new Set(shapes.flatMap((s) => Object.keys(s.shape ?? {})))];
  const found: UnknownField[] = Object.keys(value)
    .filter((key) => !known.includes(key))
    .map((key) => ({ path: [...path, key], known, suggestion: closestName(key, known) }));
  if (shapes.length !== 1) return found;
  const shape = shapes[0].shape ?? {};
  return found.concat(
    Object.keys(value)
      .filter((key) => Object.hasOwn(shape, key))
      .flatMap((key) => findUnknownFields(shape[key], value[key], [...path, key])),
  );
}
