/**
 * An app whose versions differ in ways a history shows, for the version tests (API and console):
 *   picture(image.generate: prompt) --> out(output "Picture")            version 1
 *   picture --> caption(text.generate) --> out2(output "Caption")        a later version adds a caption
 */
export const pictureApp = (name: string, prompt: string, withCaption = false) => ({
  name,
  parameters: [{ id: 'p_subject', key: 'subject', name: 'Subject', type: 'text' }],
  graph: {
    nodes: [
      { id: 'picture', type: 'image.generate', label: 'Picture', config: { prompt } },
      { id: 'out', type: 'output', label: 'Picture', config: { label: 'Picture' } },
      ...(withCaption
        ? [
            {
              id: 'caption',
              type: 'text.generate',
              label: 'Caption',
              config: { prompt: 'A caption for {{subject}}' },
            },
            { id: 'out2', type: 'output', label: 'Caption', config: { label: 'Caption' } },
          ]
        : []),
    ],
    edges: [
      { source: 'picture', target: 'out' },
      ...(withCaption
        ? [
            { source: 'picture', target: 'caption' },
            { source: 'caption', target: 'out2' },
          ]
        : []),
    ],
  },
});
