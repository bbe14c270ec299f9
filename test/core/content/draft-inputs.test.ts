import { draftInputs } from '../../../core/content/draft-inputs';
import { matchOption } from '../../../core/content/match-option';
import { PHOTO_CLIP, SOCIAL_POST } from './content-fixtures';

describe('matchOption', () => {
  test('finds a label the text names, in any word form', () => {
    expect(matchOption(['Minimal', 'Bold', 'Gradient'], 'a minimal, clean look')).toBe('Minimal');
    expect(matchOption(['Honest first impression', 'Problem and fix'], 'problem and fix angle please')).toBe(
      'Problem and fix',
    );
  });

  test('never answers a label that is not an option', () => {
    const options = ['Warm', 'Cool', 'Dark'];
    for (const text of [
      'a neon cyberpunk look',
      'pastel colours',
      'warmth',
      'DARK mode vibes',
      'cool dark warm',
      '',
    ]) {
      const label = matchOption(options, text);
      expect(label === null || options.includes(label)).toBe(true);
    }
    expect(matchOption(options, 'a neon cyberpunk look')).toBeNull();
  });
});

describe('draftInputs', () => {
  test('puts the subject of the brief in the topic and keeps defaults for options the brief does not name', () => {
    const draft = draftInputs(SOCIAL_POST.parameters, {
      brief: 'Announce our spring sale',
      bestEffort: false,
    });
    expect(draft).toEqual({
      inputs: { topic: 'spring sale' },
      sources: { topic: 'subject' },
      asks: [],
      warnings: [],
    });
  });

  test('maps a style the brief names and the aspect ratio asked for, only to existing labels', () => {
    const draft = draftInputs(SOCIAL_POST.parameters, {
      brief: 'A gradient post about our app',
      aspectRatio: '4:5',
      bestEffort: false,
    });
    expect(draft.inputs).toMatchObject({ style: 'Gradient', aspect_ratio: '4:5' });
  });

  test('an aspect ratio the app does not offer is not invented: a warning, then the platform shape', () => {
    const draft = draftInputs(SOCIAL_POST.parameters, {
      brief: 'A post about our app',
      aspectRatio: '16:9',
      platform: 'tiktok',
      bestEffort: false,
    });
    expect(draft.inputs.aspect_ratio).toBe('9:16');
    expect(draft.sources.aspect_ratio).toBe('platform');
    expect(draft.warnings).toEqual([
      { field: 'aspectRatio', message: expect.stringContaining('16:9 is not offered') },
    ]);
  });

  test('caller inputs win, by key or by name; unknown ones are reported', () => {
    const draft = draftInputs(SOCIAL_POST.parameters, {
      brief: 'A minimal post',
      inputs: { 'Visual style': 'Bold', topic: 'Exact topic', colour: 'red' },
      bestEffort: false,
    });
    expect(draft.inputs).toMatchObject({ topic: 'Exact topic', style: 'Bold' });
    expect(draft.warnings).toEqual([{ field: 'inputs.colour', message: expect.any(String) }]);
  });

  test('a URL cannot be drafted: ask for it, even in best-effort mode', () => {
    const draft = draftInputs(PHOTO_CLIP.parameters, {
      brief: 'Animate our storefront photo',
      bestEffort: true,
    });
    expect(draft.asks).toEqual([
      expect.objectContaining({ key: 'photo', type: 'url', required: true, autoFillable: false }),
      expect.objectContaining({ key: 'motion', type: 'options', autoFillable: true }),
    ]);
    expect(draft.inputs.photo).toBeUndefined();
    // Best effort picks an allowed label, never a made-up one.
    expect(PHOTO_CLIP.parameters[1].options).toContain(draft.inputs.motion);
  });

  test('a URL in the brief fills the url parameter', () => {
    const draft = draftInputs(PHOTO_CLIP.parameters, {
      brief: 'Animate https://cdn.example.com/shop.jpg with a slow zoom in',
      bestEffort: false,
    });
    expect(draft.inputs).toEqual({ photo: 'https://cdn.example.com/shop.jpg', motion: 'Zoom in' });
    expect(draft.asks).toEqual([]);
  });
});
