import { AppParameter } from '../../../core/app/app-definition';
import { compileGraph } from '../../../core/graph/compile-graph';
import { deriveCapabilities } from '../../../core/graph/derive-capabilities';
import { testFrontmatter as frontmatter } from '../../support/app-definitions';
import { graph, textParameter } from './graph-fixtures';

describe('deriveCapabilities', () => {
  test('an image app with quality control and a JPEG crop', () => {
    // hero(image.generate: {{product}}) --> check(quality.check) --> hero_out(output "Hero")
    //        |
    //        +--> crop(image.edit, jpeg) --> crop_out(output "Crop")
    const product = AppParameter.parse({
      id: 'p1',
      key: 'product',
      name: 'Product',
      type: 'url',
      accept: ['image'],
    });
    const g = graph(
      [
        ['hero', 'image.generate', { prompt: 'a hero shot', image: '{{product}}' }],
        ['check', 'quality.check', {}],
        ['hero_out', 'output', { label: 'Hero' }],
        ['crop', 'image.edit', { format: 'jpeg' }],
        ['crop_out', 'output', { label: 'Crop' }],
      ],
      ['hero->check', 'check->hero_out', 'hero->crop', 'crop->crop_out'],
    );
    const plan = compileGraph(g, [product]);

    const capabilities = deriveCapabilities(
      plan,
      [product],
      frontmatter({
        platforms: ['instagram', 'linkedin', 'facebook', 'pinterest'],
        useCases: ['product launch', 'ads', 'sale', 'extra'],
      }),
    );

    expect(capabilities).toEqual({
      produces: ['image', 'edited-image'],
      strengths: [
        'automated quality control with retries',
        '2 deliverables in one run',
        'exact platform crops and overlays',
      ],
      bestFor: ['instagram image', 'linkedin image', 'facebook image', 'product launch', 'ads', 'sale'],
      limitations: ['requires an image URL (Product)', 'no video or audio output'],
      outputFormats: ['image/png', 'image/jpeg'],
      hasQualityControl: true,
      hasHumanApproval: false,
      generationStepCount: 1,
      nodeTypes: ['image.edit', 'image.generate', 'output', 'quality.check'],
    });
  });

  test('a narrated video with two parallel branches and human approval', () => {
    // script(text.generate) --> voice(audio.tts) ---------+
    //                                                     +--> film(video.compose) --> approve(human.approval) --> out(output)
    // backdrop(image.generate) --> clip(video.generate) --+
    const g = graph(
      [
        ['script', 'text.generate', { prompt: 'a script about {{topic}}' }],
        ['voice', 'audio.tts', { text: '{{nodes.script}}' }],
        ['backdrop', 'image.generate', { prompt: '{{topic}}' }],
        ['clip', 'video.generate', {}],
        ['film', 'video.compose', {}],
        ['approve', 'human.approval', {}],
        ['out', 'output', { label: 'Video' }],
      ],
      ['script->voice', 'backdrop->clip', 'voice->film', 'clip->film', 'film->approve', 'approve->out'],
    );
    const parameters = [textParameter('topic')];
    const plan = compileGraph(g, parameters);

    const capabilities = deriveCapabilities(plan, parameters, frontmatter({ platforms: ['tiktok'] }));

    expect(capabilities).toEqual({
      produces: ['video'],
      strengths: [
        '2 generation branches run in parallel',
        'voiceover mixed into the final video',
        'burned-in captions',
        'human approval before delivery',
      ],
      bestFor: ['tiktok video'],
      limitations: [
        'waits for a human decision before completing',
        'video length follows the voiceover, at most 90 seconds',
      ],
      outputFormats: ['video/mp4'],
      hasQualityControl: false,
      hasHumanApproval: true,
      generationStepCount: 4,
      nodeTypes: [
        'audio.tts',
        'human.approval',
        'image.generate',
        'output',
        'text.generate',
        'video.compose',
        'video.generate',
      ],
    });
  });

  test('two outputs of one text node produce one tag and one format', () => {
    // copy(text.generate) --+--> long(output)
    //                       +--> short(output)
    const g = graph(
      [
        ['copy', 'text.generate', { prompt: 'x' }],
        ['long', 'output', { label: 'Long' }],
        ['short', 'output', { label: 'Short' }],
      ],
      ['copy->long', 'copy->short'],
    );

    const capabilities = deriveCapabilities(compileGraph(g, []), [], frontmatter());

    expect(capabilities).toEqual({
      produces: ['copy'],
      strengths: ['2 deliverables in one run'],
      bestFor: [],
      limitations: ['no video or audio output'],
      outputFormats: ['text/plain'],
      hasQualityControl: false,
      hasHumanApproval: false,
      generationStepCount: 1,
      nodeTypes: ['output', 'text.generate'],
    });
  });
});
