import { compileGraph } from '../graph/compile-graph';
import { AppGraphDraft } from './app-graph-draft';

const MEDIA_LONG_EDGE = 1080;
const VIDEO_LONG_EDGE = 1280;
const CLIP_SECONDS = 5;

/** Turns the wish's deliverables into nodes, and gates the base app's media outputs. */
export class GraphBuilder extends AppGraphDraft {
  addDeliverables(): void {
    const w = this.wish;
    const where = w.platforms.length > 0 ? ` for ${w.platforms.join(' and ')}` : '';
    const look = w.styleWords.length > 0 ? `${w.styleWords.join(', ')} ` : '';
    if (w.image)
      this.finishMedia(
        this.imageNode('image', 'Image', `${look}visual${where} about {{${this.topic()}}}`),
        'Image',
      );
    for (let i = 1; i <= w.carousel; i++)
      this.finishMedia(
        this.imageNode(
          `slide_${i}`,
          `Slide ${i}`,
          `${look}carousel slide ${i} of ${w.carousel}${where} about {{${this.topic()}}}`,
        ),
        `Slide ${i}`,
      );
    const script =
      w.voiceover || (w.video && w.subtitles)
        ? this.add('script', 'text.generate', 'Script', {
            prompt: `A short, spoken voiceover script of about ${CLIP_SECONDS * 3} seconds about {{${this.topic()}}}`,
            purpose: 'script',
            maxWords: 45,
          })
        : null;
    const voice =
      w.voiceover && script
        ? this.add('voiceover', 'audio.tts', 'Voiceover', { text: `{{nodes.${script}}}` }, [script])
        : null;
    if (w.video) {
      const keyframe = this.imageNode(
        'keyframe',
        'Key visual',
        `${look}cinematic key visual${where} about {{${this.topic()}}}`,
        VIDEO_LONG_EDGE,
      );
      const clip = this.add(
        'clip',
        'video.generate',
        'Clip',
        {
          seconds: CLIP_SECONDS,
          aspectRatio: `{{${this.ratio()}}}`,
          longEdge: VIDEO_LONG_EDGE,
          motion: 'zoom-in',
        },
        [keyframe],
      );
      const parents = [clip, ...(voice ? [voice] : []), ...(w.subtitles && !voice && script ? [script] : [])];
      const video = this.add(
        'video',
        'video.compose',
        'Video',
        {
          aspectRatio: `{{${this.ratio()}}}`,
          longEdge: VIDEO_LONG_EDGE,
          captions: w.subtitles,
          transition: 'fade',
        },
        parents,
      );
      this.finishMedia(video, 'Video');
    } else if (voice && script) {
      this.finishMedia(voice, 'Voiceover');
      this.output(script, 'Script');
    }
    if (w.caption)
      this.output(
        this.add('caption', 'text.generate', 'Caption', {
          prompt: `Write an engaging social caption${where} about {{${this.topic()}}}, with a hook and hashtags`,
          purpose: 'caption',
          maxWords: 60,
        }),
        'Caption',
      );
    if (w.headline)
      this.output(
        this.add('headline', 'text.generate', 'Headline', {
          prompt: `A short headline about {{${this.topic()}}}`,
          purpose: 'headline',
          maxWords: 12,
        }),
        'Headline',
      );
    if (w.altText && (w.image || w.carousel > 0 || w.video))
      this.output(
        this.add('alt_text', 'text.generate', 'Alt text', {
          prompt: `Alt text for a ${look}visual about {{${this.topic()}}}`,
          purpose: 'alt_text',
          maxWords: 40,
        }),
        'Alt text',
      );
  }

  /** Puts the asked-for quality and approval gates in front of the base app's media outputs. */
  gateBaseOutputs(): void {
    const plan = compileGraph(this.base!.graph, this.base!.parameters);
    for (const out of plan.nodes.filter(
      (n) => n.type === 'output' && (n.produces === 'image' || n.produces === 'video'),
    )) {
      const parent = plan.nodes.find((n) => n.id === out.parents[0])!;
      const edge = this.edges.find((e) => e.source === parent.id && e.target === out.id)!;
      let source = parent.id;
      if (this.wish.quality && parent.type !== 'quality.check' && parent.type !== 'human.approval')
        source = this.add(
          `${parent.id}_quality`,
          'quality.check',
          `${parent.label} quality`,
          { minScore: 0.6, maxRetries: 2 },
          [source],
        );
      if (this.wish.approval && parent.type !== 'human.approval')
        source = this.add(
          `${parent.id}_approval`,
          'human.approval',
          `Approve ${parent.label.toLowerCase()}`,
          {},
          [source],
        );
      edge.source = source;
    }
  }

  private imageNode(id: string, label: string, prompt: string, longEdge = MEDIA_LONG_EDGE): string {
    const config: Record<string, unknown> = { prompt, aspectRatio: `{{${this.ratio()}}}`, longEdge };
    if (this.wish.productImage) config.image = `{{${this.productImage()}}}`;
    return this.add(id, 'image.generate', label, config);
  }

  private finishMedia(nodeId: string, label: string): void {
    let source = nodeId;
    const name = this.nodes.find((n) => n.id === nodeId)!.label;
    if (this.wish.quality)
      source = this.add(
        `${nodeId}_quality`,
        'quality.check',
        `${name} quality`,
        { minScore: 0.6, maxRetries: 2 },
        [source],
      );
    if (this.wish.approval)
      source = this.add(`${nodeId}_approval`, 'human.approval', `Approve ${name.toLowerCase()}`, {}, [
        source,
      ]);
    this.output(source, label);
  }
}
