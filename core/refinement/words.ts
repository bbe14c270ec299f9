import type { Modality } from '../graph/modality';

/** Words in feedback that name a modality. */
const MODALITY_WORDS: Record<Modality, string[]> = {
  image: [
    'image',
    'picture',
    'photo',
    'photograph',
    'visual',
    'colour',
    'color',
    'graphic',
    'illustration',
    'background',
    'brighter',
    'darker',
    'palette',
    'slide',
    'banner',
    'thumbnail',
    'poster',
  ],
  text: [
    'caption',
    'text',
    'copy',
    'headline',
    'hashtag',
    'title',
    'wording',
    'tone',
    'sentence',
    'word',
    'shorter',
    'longer',
    'script',
    'alt',
  ],
  audio: [
    'voice',
    'voiceover',
    'narration',
    'narrator',
    'audio',
    'speech',
    'spoken',
    'louder',
    'slower',
    'faster',
  ],
  video: ['video', 'clip', 'motion', 'captions', 'subtitle', 'animation', 'reel', 'footage'],
};

const STOPWORDS = new Set(
  (
    'a an the and or but of for to in on at by with from into about as is are be it its this that these those ' +
    "make more less much very please can could should would it's i we you our my your me us some any too so " +
    'just also there here than then not no do does want need like should use using one all'
  ).split(' '),
);

/** Lower-case content words with a naive plural stem, braces removed. */
export function feedbackWords(text: string): string[] {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter(
    (w) => w.length > 1 && !STOPWORDS.has(w),
  );
  return [...new Set(words.map(stem))];
}

const stem = (w: string) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);

/** Modalities the feedback names; a word is read as written first ("captions" -> video), then singular ("hashtags" -> text). */
export function modalitiesNamed(feedback: string): Modality[] {
  const all = Object.keys(MODALITY_WORDS) as Modality[];
  const found = new Set<Modality>();
  for (const word of feedback.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const exact = all.filter((m) => MODALITY_WORDS[m].includes(word));
    for (const m of exact.length > 0 ? exact : all.filter((m) => MODALITY_WORDS[m].includes(stem(word))))
      found.add(m);
  }
  return all.filter((m) => found.has(m));
}
