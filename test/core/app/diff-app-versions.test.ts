import {
  diffAppVersions,
  isUnchanged,
  summarizeChanges,
  type ComparableApp,
} from '../../../core/app/diff-app-versions';

const frontmatter = {
  schemaVersion: 1 as const,
  summary: 'A picture of a subject',
  categories: [],
  useCases: [],
  keywords: [],
  aliases: [],
  formats: [],
  platforms: [],
  audiences: [],
  excludedIntents: [],
};

/** picture(image.generate) --> out(output) */
const base = (): ComparableApp => ({
  name: 'Picture',
  description: null,
  parameters: [{ id: 'p1', key: 'subject', name: 'Subject', type: 'text', description: '', multiple: false }],
  frontmatter,
  graph: {
    nodes: [
      {
        id: 'picture',
        type: 'image.generate',
        label: 'Picture',
        config: { prompt: '{{subject}}', longEdge: 256 },
        position: { x: 0, y: 0 },
      },
      { id: 'out', type: 'output', label: 'Picture', config: {}, position: { x: 300, y: 0 } },
    ],
    edges: [{ source: 'picture', target: 'out' }],
  },
});

describe('diffAppVersions', () => {
  test('the same app is unchanged, whatever the key order of its configs', () => {
    const a = base();
    const b = base();
    b.graph.nodes[0].config = { longEdge: 256, prompt: '{{subject}}' };
    const changes = diffAppVersions(a, b);
    expect(isUnchanged(changes)).toBe(true);
    expect(summarizeChanges(changes)).toBe('no changes');
  });

  test('nodes added, removed and changed, with each config field before and after', () => {
    const a = base();
    const b = base();
    b.graph.nodes[0].config = { prompt: '{{subject}} in ink', seed: 7 };
    b.graph.nodes[0].label = 'Ink picture';
    b.graph.nodes.push({ id: 'caption', type: 'text.generate', label: 'Caption', config: {} });
    b.graph.nodes = b.graph.nodes.filter((n) => n.id !== 'out');
    b.graph.nodes.push({ id: 'final', type: 'output', label: 'Final', config: {} });
    const changes = diffAppVersions(a, b);
    expect(changes.nodes.added).toEqual([
      { id: 'caption', type: 'text.generate', label: 'Caption' },
      { id: 'final', type: 'output', label: 'Final' },
    ]);
    expect(changes.nodes.removed).toEqual([{ id: 'out', type: 'output', label: 'Picture' }]);
    expect(changes.nodes.changed).toEqual([
      {
        id: 'picture',
        type: 'image.generate',
        label: 'Ink picture',
        fields: [
          { field: 'label', before: 'Picture', after: 'Ink picture' },
          { field: 'config.prompt', before: '{{subject}}', after: '{{subject}} in ink' },
          { field: 'config.longEdge', before: 256 },
          { field: 'config.seed', after: 7 },
        ],
      },
    ]);
  });

  test('edges added and removed by source and target', () => {
    const a = base();
    const b = base();
    b.graph.nodes.push({ id: 'out2', type: 'output', label: 'Other', config: {} });
    b.graph.edges = [{ source: 'picture', target: 'out2' }];
    const changes = diffAppVersions(a, b);
    expect(changes.edges).toEqual({
      added: [{ source: 'picture', target: 'out2' }],
      removed: [{ source: 'picture', target: 'out' }],
    });
    expect(summarizeChanges(changes)).toBe('1 node added, 1 edge added, 1 edge removed');
  });

  test('a node only dragged elsewhere is moved, not changed', () => {
    const b = base();
    b.graph.nodes[1].position = { x: 500, y: 40 };
    const changes = diffAppVersions(base(), b);
    expect(changes.nodes.changed).toEqual([]);
    expect(changes.nodes.moved).toEqual(['out']);
    expect(isUnchanged(changes)).toBe(true);
    expect(summarizeChanges(changes)).toBe('layout only');
  });

  test('inputs by id, and the app name, description and frontmatter fields', () => {
    const b = base();
    b.name = 'Ink picture';
    b.description = 'Pictures in ink';
    b.frontmatter = { ...frontmatter, keywords: ['ink'] };
    b.parameters = [
      { ...b.parameters[0], name: 'What to draw' },
      {
        id: 'p2',
        key: 'style',
        name: 'Style',
        type: 'options',
        options: ['ink'],
        description: '',
        multiple: false,
      },
    ];
    const changes = diffAppVersions(base(), b);
    expect(changes.parameters).toEqual({
      added: [{ id: 'p2', key: 'style', name: 'Style' }],
      removed: [],
      changed: [
        {
          id: 'p1',
          key: 'subject',
          name: 'What to draw',
          fields: [{ field: 'name', before: 'Subject', after: 'What to draw' }],
        },
      ],
    });
    expect(changes.fields).toEqual([
      { field: 'name', before: 'Picture', after: 'Ink picture' },
      { field: 'description', before: null, after: 'Pictures in ink' },
      { field: 'frontmatter.keywords', before: [], after: ['ink'] },
    ]);
    expect(summarizeChanges(changes)).toBe(
      '1 input added, 1 input changed, name changed, description changed, frontmatter.keywords changed',
    );
  });
});
