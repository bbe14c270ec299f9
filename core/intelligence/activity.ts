import { lexicon } from '../language/lexicon';
import { keywords } from './keywords';

/** Trend categories the workspace's own activity can show. */
export type ActivityCategory = 'format' | 'topic' | 'visual_style' | 'platform' | 'hashtag';

export interface ActivityFeature {
  category: ActivityCategory;
  /** Compared value (a stem or a lower-case option). */
  key: string;
  /** Displayed value (the word or option as written). */
  label: string;
}

/** One run or publication reduced to what trends and recommendations count. */
export interface ActivityEvent {
  source: 'run' | 'publication';
  at: Date;
  /** A publication's platform; runs are not tied to one, so they are `all`. */
  platform: string;
  features: ActivityFeature[];
  /** Apps only for runs. */
  appId?: string;
}

/** A parameter as an app definition declares it; only what feature extraction reads. */
export interface ParameterInfo {
  key: string;
  type: string;
  role?: string;
}

export interface RunActivity {
  appId: string;
  createdAt: Date;
  inputs: Record<string, unknown>;
  /** Types of the plan's outputs (image, video, audio, text). */
  outputTypes: string[];
  /** The app's parameters; null when the app is gone. */
  parameters: ParameterInfo[] | null;
}

export interface PublicationActivity {
  createdAt: Date;
  platform: string | null;
  caption: string | null;
  imageUrl: string | null;
  videoUrl: string | null;
}

export const ALL_PLATFORMS = 'all';

/** Inputs that carry the subject, or the look, when an app declares no roles (generated apps, older definitions). */
const TOPIC_KEYS = new Set(lexicon.fieldRoles.topic_keys.keys);
const STYLE_KEYS = new Set(lexicon.fieldRoles.style_keys.keys);
/** Output modalities, most telling first: a run that makes a video and its caption is a video run. */
const PRIMARY_ORDER: readonly string[] = ['video', 'image', 'audio', 'text'] as const;

/**
 * A run as activity.
 * 1. format: each output modality of the plan, and "<aspect ratio> <primary modality>" when the run chose a ratio.
 * 2. topic: keywords of the text inputs whose parameter role is topic or prompt (by key when the app declares no roles).
 * 3. visual_style: the option chosen for each style parameter (palette, mood, backdrop ...), as written.
 */
export function runEvent(run: RunActivity): ActivityEvent {
  const features: ActivityFeature[] = [];
  const types = [...new Set(run.outputTypes)].sort(
    (a, b) => PRIMARY_ORDER.indexOf(a) - PRIMARY_ORDER.indexOf(b),
  );
  for (const type of types) features.push({ category: 'format', key: type, label: type });
  const params: ParameterInfo[] =
    run.parameters ?? Object.keys(run.inputs).map((key) => ({ key, type: 'text' }));
  for (const p of params) {
    const value = run.inputs[p.key];
    if (typeof value !== 'string' || value.trim() === '') continue;
    if (p.role === 'aspect_ratio' || (!p.role && p.key === 'aspect_ratio')) {
      if (types[0] && /^\d+:\d+$/.test(value.trim()))
        features.push({
          category: 'format',
          key: `${value.trim()} ${types[0]}`,
          label: `${value.trim()} ${types[0]}`,
        });
    } else if (
      p.type === 'text' &&
      (p.role === 'topic' || p.role === 'prompt' || (!p.role && TOPIC_KEYS.has(p.key)))
    ) {
      for (const k of keywords(value)) features.push({ category: 'topic', key: k.key, label: k.word });
    } else if (
      p.type === 'options' ? p.role === 'style' || STYLE_KEYS.has(p.key) : !p.role && STYLE_KEYS.has(p.key)
    ) {
      features.push({ category: 'visual_style', key: value.trim().toLowerCase(), label: value.trim() });
    }
  }
  return {
    source: 'run',
    at: run.createdAt,
    platform: ALL_PLATFORMS,
    features: dedupe(features),
    appId: run.appId,
  };
}

/**
 * A published post as activity, on its platform.
 * 1. platform: the platform itself (how much the workspace publishes there).
 * 2. format: video when it carried a video, image when an image, else text.
 * 3. hashtag: each #tag of the caption; topic: the caption's keywords.
 */
export function publicationEvent(p: PublicationActivity): ActivityEvent {
  const platform = p.platform?.toLowerCase() || ALL_PLATFORMS;
  const format = p.videoUrl ? 'video' : p.imageUrl ? 'image' : 'text';
  const features: ActivityFeature[] = [{ category: 'format', key: format, label: format }];
  if (platform !== ALL_PLATFORMS) features.push({ category: 'platform', key: platform, label: platform });
  const caption = p.caption ?? '';
  for (const tag of caption.match(/#[\p{L}\p{N}_]+/gu) ?? [])
    features.push({ category: 'hashtag', key: tag.toLowerCase(), label: tag });
  for (const k of keywords(caption)) features.push({ category: 'topic', key: k.key, label: k.word });
  return { source: 'publication', at: p.createdAt, platform, features: dedupe(features) };
}

function dedupe(features: ActivityFeature[]): ActivityFeature[] {
  const seen = new Set<string>();
  return features.filter((f) => {
    const id = `${f.category}|${f.key}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
