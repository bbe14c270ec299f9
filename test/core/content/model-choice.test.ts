import { mergeModelInputs, readToolCall, type OfferedApp } from '../../../core/content/model-choice';
import { parameterSchema } from '../../../core/content/tool-schema';
import type { Draft } from '../../../core/content/draft';
import { CATALOG_APPS } from '../discovery/catalog-candidates';
import { PRODUCT } from '../discovery/own-briefs';

const product = CATALOG_APPS.find((a) => a.appId === PRODUCT)!.compiled.definition;
const offered: OfferedApp[] = [
  { tool: 'app1_product', appId: PRODUCT, name: product.name, parameters: product.parameters },
];

describe('parameterSchema', () => {
  test('is strict: every field required, nothing else allowed, options as enums, defaults and URLs nullable', () => {
    expect(parameterSchema(product.parameters)).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['product_image', 'product_name', 'backdrop', 'aspect_ratio'],
      properties: {
        product_image: {
          type: ['string', 'null'],
          description: expect.stringContaining('Only a URL written in the brief'),
        },
        product_name: { type: 'string', description: expect.any(String) },
        backdrop: {
          enum: ['Warm', 'Cool', 'Pastel', 'Earthy', 'Dark', null],
          description: expect.any(String),
        },
        aspect_ratio: { enum: ['1:1', '4:5', '9:16', '16:9', null], description: expect.any(String) },
      },
    });
  });
});

describe('readToolCall', () => {
  const brief = 'Put https://shop.example.com/jar.png on a warm backdrop, the Honey Jar';
  const call = (args: object) => ({ name: 'app1_product', arguments: JSON.stringify(args) });

  test('keeps the values the run validator accepts and drops nulls', () => {
    expect(
      readToolCall(
        call({
          product_image: 'https://shop.example.com/jar.png',
          product_name: 'Honey Jar',
          backdrop: 'Warm',
          aspect_ratio: null,
        }),
        offered,
        brief,
      ),
    ).toEqual({
      kind: 'app',
      appId: PRODUCT,
      inputs: {
        product_image: 'https://shop.example.com/jar.png',
        product_name: 'Honey Jar',
        backdrop: 'Warm',
      },
    });
  });

  test('never takes a URL the brief does not contain', () => {
    const choice = readToolCall(
      call({
        product_image: 'https://invented.example/x.png',
        product_name: 'Jar',
        backdrop: null,
        aspect_ratio: null,
      }),
      offered,
      brief,
    );
    expect(choice).toEqual({ kind: 'app', appId: PRODUCT, inputs: { product_name: 'Jar' } });
  });

  test('refuses unknown fields and labels that are not options', () => {
    expect(readToolCall(call({ product_name: 'Jar', colour: 'red' }), offered, brief)).toEqual({
      error: 'unknown fields colour',
    });
    expect(readToolCall(call({ product_name: 'Jar', backdrop: 'Neon' }), offered, brief)).toEqual({
      error: expect.stringContaining('"Neon" is not allowed'),
    });
  });
});

describe('mergeModelInputs', () => {
  test("the model fills over the rules, the caller's inputs still win, and a filled ask is settled", () => {
    const draft: Draft = {
      inputs: { product_name: 'jar', backdrop: 'Cool' },
      sources: { product_name: 'subject', backdrop: 'input' },
      asks: [
        {
          name: 'Product image',
          key: 'product_image',
          question: '?',
          type: 'url',
          required: true,
          autoFillable: false,
        },
      ],
      warnings: [],
    };
    expect(
      mergeModelInputs(draft, {
        product_name: 'Honey Jar',
        backdrop: 'Warm',
        product_image: 'https://a/b.png',
      }),
    ).toEqual({
      inputs: { product_name: 'Honey Jar', backdrop: 'Cool', product_image: 'https://a/b.png' },
      sources: { product_name: 'model', backdrop: 'input', product_image: 'model' },
      asks: [],
      warnings: [],
    });
  });
});
