import type { ActivityDeps } from '../../activities/deps';
import { createNodeActivities } from '../../nodes/activities';
import { NODE_DEFINITIONS, NODE_TYPE_NAMES, nodeActivityOptions } from '../../nodes/definitions';

describe('NODE_DEFINITIONS', () => {
  test('each node type names the activity type recorded histories know it by (a rename breaks replay)', () => {
    const names = Object.fromEntries(
      NODE_TYPE_NAMES.map((t) => [t, NODE_DEFINITIONS[t].activity?.name ?? null]),
    );

    expect(names).toEqual({
      'text.generate': 'textGenerate',
      'image.generate': 'imageGenerate',
      'image.edit': 'imageEdit',
      'video.generate': 'videoGenerate',
      'video.compose': 'videoCompose',
      'audio.tts': 'audioTts',
      'quality.check': 'qualityCheck',
      'human.approval': null,
      output: null,
    });
  });

  test('createNodeActivities builds exactly the activities the definitions name', () => {
    const named = NODE_TYPE_NAMES.flatMap((t) => NODE_DEFINITIONS[t].activity?.name ?? []);

    expect(Object.keys(createNodeActivities({} as ActivityDeps)).sort()).toEqual(named.sort());
  });
});

describe('nodeActivityOptions', () => {
  test('sharp/ffmpeg work goes to the media task queue; provider text calls stay on the main queue', () => {
    const withActivity = NODE_TYPE_NAMES.filter((t) => NODE_DEFINITIONS[t].activity);
    const queues = Object.fromEntries(
      withActivity.map((t) => [t, nodeActivityOptions(t, 'media').taskQueue]),
    );

    expect(queues).toEqual({
      'text.generate': undefined,
      'image.generate': 'media',
      'image.edit': 'media',
      'video.generate': 'media',
      'video.compose': 'media',
      'audio.tts': 'media',
      'quality.check': 'media',
    });
  });

  test('a caller-caused failure is never retried; the rest is retried three times', () => {
    expect(nodeActivityOptions('image.edit', 'media').retry).toEqual({
      initialInterval: '1s',
      backoffCoefficient: 2,
      maximumInterval: '30s',
      maximumAttempts: 3,
      nonRetryableErrorTypes: ['InvalidNodeInput', 'MediaInputError', 'SafeFetchRefused', 'ProviderRejected'],
    });
  });
});
