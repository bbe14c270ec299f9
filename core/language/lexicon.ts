import { z } from 'zod';
import brandWords from './lexicon/brand-words.json';
import briefAngles from './lexicon/brief-angles.json';
import captionCues from './lexicon/caption-cues.json';
import carriedContent from './lexicon/carried-content.json';
import colours from './lexicon/colours.json';
import comparison from './lexicon/comparison.json';
import copyWords from './lexicon/copy-words.json';
import deliverable from './lexicon/deliverable.json';
import directions from './lexicon/directions.json';
import evidence from './lexicon/evidence.json';
import feedbackMarks from './lexicon/feedback-marks.json';
import fieldRoles from './lexicon/field-roles.json';
import instructions from './lexicon/instructions.json';
import lookWords from './lexicon/look-words.json';
import looks from './lexicon/looks.json';
import mediaKinds from './lexicon/media-kinds.json';
import mediumCues from './lexicon/medium-cues.json';
import motion from './lexicon/motion.json';
import operations from './lexicon/operations.json';
import optionSenses from './lexicon/option-senses.json';
import orientations from './lexicon/orientations.json';
import outOfScopeKinds from './lexicon/out-of-scope-kinds.json';
import outOfScopeWords from './lexicon/out-of-scope-words.json';
import ownership from './lexicon/ownership.json';
import placing from './lexicon/placing.json';
import platformNames from './lexicon/platform-names.json';
import platforms from './lexicon/platforms.json';
import prompts from './lexicon/prompts.json';
import ranking from './lexicon/ranking.json';
import refinementTargets from './lexicon/refinement-targets.json';
import requestClauses from './lexicon/request-clauses.json';
import screenShapes from './lexicon/screen-shapes.json';
import spans from './lexicon/spans.json';
import statedValues from './lexicon/stated-values.json';
import structuredBriefs from './lexicon/structured-briefs.json';
import subjects from './lexicon/subjects.json';
import synonyms from './lexicon/synonyms.json';
import tones from './lexicon/tones.json';
import topicCues from './lexicon/topic-cues.json';
import topicSignals from './lexicon/topic-signals.json';
import typoVocabulary from './lexicon/typo-vocabulary.json';
import wordUses from './lexicon/word-uses.json';
import writing from './lexicon/writing.json';

/**
 * The one lexicon: every word the engine reads in briefs, feedback and instructions, as data files in
 * `lexicon/`, one per reader's subject. Each file has an `about`; each group a `why` and its words:
 * a list, a list of synonym sets, or a table (word -> canonical word, number or list). A word may sit
 * in two groups only when one of them says why in its `overlaps` ({"file.group": "why"}): the same
 * word meaning two things is how readers contradict each other ("final" read as "finale"). A group of
 * grammatical words (articles, auxiliaries, prepositions) says so in `closed_class`: other groups list
 * such words by nature, so they are not reported against it.
 *
 * Loaded and checked once, when the first reader imports it; a malformed or contradictory file stops
 * the process at start instead of misreading briefs later.
 */
export const lexicon = {
  brandWords,
  briefAngles,
  captionCues,
  carriedContent,
  colours,
  comparison,
  copyWords,
  deliverable,
  directions,
  evidence,
  feedbackMarks,
  fieldRoles,
  instructions,
  lookWords,
  looks,
  mediaKinds,
  mediumCues,
  motion,
  operations,
  optionSenses,
  orientations,
  outOfScopeKinds,
  outOfScopeWords,
  ownership,
  placing,
  platformNames,
  platforms,
  prompts,
  ranking,
  refinementTargets,
  requestClauses,
  screenShapes,
  spans,
  statedValues,
  structuredBriefs,
  subjects,
  synonyms,
  tones,
  topicCues,
  topicSignals,
  typoVocabulary,
  wordUses,
  writing,
};

export type LexiconFileName = keyof typeof lexicon;

const Words = z.array(z.string().min(1));
const Field = z.union([
  z.string(),
  Words,
  z.array(Words),
  z.record(z.string(), z.union([z.string(), z.number(), Words])),
  z.array(z.record(z.string(), z.unknown())),
]);
const Group = z
  .object({
    why: z.string().min(10),
    overlaps: z.record(z.string(), z.string().min(10)).optional(),
    closed_class: z.string().min(10).optional(),
  })
  .catchall(Field);
const LexiconFile = z.object({ about: z.string().min(10) }).catchall(Group);

/** A place words are kept: `file.group.field`, with `[i]` for the i-th set of a list of sets. */
interface WordPlace {
  id: string;
  overlaps: string[];
  closedClass: boolean;
}

function placesOf(fileName: string, file: z.infer<typeof LexiconFile>): Array<[string, WordPlace]> {
  const found: Array<[string, WordPlace]> = [];
  for (const [groupName, group] of Object.entries(file)) {
    if (typeof group === 'string') continue;
    const groupId = `${fileName}.${groupName}`;
    const overlaps = Object.keys(group.overlaps ?? {});
    const closedClass = group.closed_class !== undefined;
    const add = (words: string[], id: string) => {
      for (const word of new Set(words.map((w) => w.toLowerCase())))
        found.push([word, { id, overlaps, closedClass }]);
    };
    for (const [fieldName, field] of Object.entries(group)) {
      if (fieldName === 'overlaps' || typeof field === 'string') continue;
      const id = `${groupId}.${fieldName}`;
      if (Array.isArray(field)) {
        if (field.every((item) => typeof item === 'string')) add(field as string[], id);
        else if (field.every(Array.isArray))
          (field as string[][]).forEach((set, i) => add(set, `${id}[${i}]`));
      } else {
        add(Object.keys(field), id);
      }
    }
  }
  return found;
}

const declares = (place: WordPlace, other: WordPlace) =>
  place.overlaps.some(
    (declared) =>
      other.id === declared || other.id.startsWith(`${declared}.`) || other.id.startsWith(`${declared}[`),
  );

/** Every problem of the lexicon: a malformed file, or a word kept in two places that do not say why. */
export function lexiconProblems(files: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const placesOfWord = new Map<string, WordPlace[]>();
  for (const [fileName, raw] of Object.entries(files)) {
    const parsed = LexiconFile.safeParse(raw);
    if (!parsed.success) {
      problems.push(
        `${fileName}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
      );
      continue;
    }
    for (const [word, place] of placesOf(fileName, parsed.data)) {
      placesOfWord.set(word, [...(placesOfWord.get(word) ?? []), place]);
    }
  }
  for (const [word, places] of placesOfWord) {
    for (let i = 0; i < places.length; i++) {
      for (let j = i + 1; j < places.length; j++) {
        const [a, b] = [places[i], places[j]];
        if (a.closedClass || b.closedClass || declares(a, b) || declares(b, a)) continue;
        problems.push(
          `"${word}" is in ${a.id} and ${b.id}; say why in one group's "overlaps", or keep it in one`,
        );
      }
    }
  }
  return problems;
}

const problems = lexiconProblems(lexicon);
if (problems.length > 0)
  throw new Error(`The lexicon (core/language/lexicon) is inconsistent:\n${problems.join('\n')}`);
