import fc from 'fast-check';
import { z } from 'zod';
import { closestName } from '../../../core/text/closest-name';
import { findUnknownFields } from '../../../core/validation/unknown-fields';

const Body = z
  .object({
    prompt: z.string(),
    aspectRatio: z.enum(['1:1', '9:16']).default('1:1'),
    autoQuality: z.object({ threshold: z.number() }).nullable().optional(),
    items: z.array(z.object({ label: z.string() })).optional(),
    inputs: z.record(z.string(), z.unknown()).default({}),
    meta: z.looseObject({ source: z.string().optional() }).optional(),
  })
  .refine(() => true);

describe('findUnknownFields', () => {
  test('names a misspelt top-level key with the known name it folds to', () => {
    expect(findUnknownFields(Body, { prompt: 'x', aspect_ratio: '9:16' })).toEqual([
      { path: ['aspect_ratio'], known: expect.arrayContaining(['aspectRatio']), suggestion: 'aspectRatio' },
    ]);
  });

  test('looks inside nested objects and arrays of objects, through optional, nullable and default', () => {
    const found = findUnknownFields(Body, {
      prompt: 'x',
      autoQuality: { treshold: 0.5 },
      items: [{ label: 'a' }, { lable: 'b' }],
    });
    expect(found.map((f) => [f.path.join('.'), f.suggestion])).toEqual([
      ['autoQuality.treshold', 'threshold'],
      ['items.1.lable', 'label'],
    ]);
  });

  test('free-form records and loose objects take any key; non-object values are left to zod', () => {
    expect(findUnknownFields(Body, { prompt: 'x', inputs: { anything: 1 }, meta: { extra: true } })).toEqual(
      [],
    );
    expect(findUnknownFields(Body, 'not an object')).toEqual([]);
    expect(findUnknownFields(Body, { prompt: 'x', autoQuality: null })).toEqual([]);
  });

  test('a union of objects knows the keys of all its options', () => {
    const Either = z.union([z.object({ script: z.string() }), z.object({ runId: z.string() })]);
    expect(findUnknownFields(Either, { runId: 'r' })).toEqual([]);
    expect(findUnknownFields(Either, { runid: 'r' })[0].suggestion).toBe('runId');
  });

  test('a query schema with preprocessed integers reads the raw query keys', () => {
    const Query = z.object({ limit: z.preprocess((v) => Number(v), z.number()).default(20) });
    expect(findUnknownFields(Query, { limit: '5', since: '2030-01-01' })).toEqual([
      { path: ['since'], known: ['limit'], suggestion: undefined },
    ]);
  });

  test('keys named like Object.prototype members are unknown fields, not a crash', () => {
    expect(
      findUnknownFields(Body, { prompt: 'x', constructor: 1, toString: 2 }).map((f) => f.path[0]),
    ).toEqual(['constructor', 'toString']);
  });

  test('every key of a generated object is reported exactly when the schema does not declare it', () => {
    const known = ['prompt', 'aspectRatio', 'autoQuality', 'items', 'inputs', 'meta'];
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 12 }), fc.constant(1), { maxKeys: 6 }), (value) => {
        const reported = findUnknownFields(Body, value).map((f) => f.path[0]);
        expect(reported.sort()).toEqual(
          Object.keys(value)
            .filter((k) => !known.includes(k))
            .sort(),
        );
      }),
    );
  });
});

describe('closestName', () => {
  test('prefers the same letters in another case or separator, then the fewest edits', () => {
    expect(closestName('aspect_ratio', ['aspectRatio', 'aspect'])).toBe('aspectRatio');
    expect(closestName('webhookurl', ['webhookUrl'])).toBe('webhookUrl');
    expect(closestName('brandProfile', ['brandProfileId', 'brief'])).toBe('brandProfileId');
    expect(closestName('promt', ['prompt', 'platform'])).toBe('prompt');
  });

  test('offers nothing when no known name is close', () => {
    expect(closestName('since', ['appId', 'status', 'limit', 'offset'])).toBeUndefined();
    expect(closestName('x', [])).toBeUndefined();
  });
});
