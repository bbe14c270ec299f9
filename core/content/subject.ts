import { wordCount } from '../language/tokens';
import type { BriefReading, ReadToken } from '../discovery/brief-reading';
import { DATE_WORD, NEEDING } from '../discovery/topic-cues';
import { wordUses, type WordContext, type WordUse } from './brief-words';
import type { FieldRole } from './field-roles';
import { runsOf, textOf, trim, type Run } from './runs';
import { lexicon } from '../language/lexicon';
import { listsOf } from '../language/groups';

const words = lexicon.subjects;

/** Prepositions that introduce what the content is about or for. */
const CUES: Partial<Record<FieldRole, string[]>> = listsOf(words.role_prepositions);
const POSSESSIVE = new Set(words.possessives.words);
const BACK_REFERENCES = new Set(words.back_references.words);
/** Parts of speech: between an owner and its verb, in a named object, in a noun phrase, after a verb that ends one. */
const OWNER_TO_VERB = new Set<string>(['NOUN', 'PROPN', 'ADJ', 'ADV', 'AUX'] as const);
const NAMED_OBJECT = new Set<string>(['ADJ', 'NOUN', 'PROPN', 'NUM'] as const);
const NOUN_PHRASE = new Set<string>(['ADJ', 'NOUN', 'PROPN', 'NUM', 'VERB', 'PUNCT'] as const);
const PHRASE_ENDERS = new Set<string>(['ADP', 'PUNCT', 'CCONJ'] as const);
/** Zones of the brief where a cue word introduces the subject. */
const CUED_ZONES = new Set<string>(['ask', 'label', 'aside', 'content', 'context', 'topic'] as const);

/** The run that follows a cue word in the ask (not crossing punctuation). */
function afterCue(runs: Run[], cues: string[], zones: Set<string>): Run[] {
  const found: Run[] = [];
  for (const run of runs)
    run.tokens.forEach((t, i) => {
      if (!zones.has(t.zone) || !cues.includes(t.word)) return;
      // "on November 1st" dates the content; it is not what the content is about.
      if (t.word === 'on' && DATE_WORD.test(run.tokens[i + 1]?.lower ?? '')) return;
      found.push({ tokens: run.tokens.slice(i + 1), uses: run.uses.slice(i + 1) });
    });
  return found;
}

/**
 * "Our bike shop just got the Fold-E City folding e-bike in": a possessive phrase that does something
 * is the caller; the named thing it acts on (a capitalised name, not opening a sentence) is the
 * product, with the words that describe it up to a preposition or punctuation.
 */
function namedObjects(runs: Run[]): Run[] {
  const found: Run[] = [];
  for (const run of runs) {
    const owner = run.tokens.findIndex((t) => POSSESSIVE.has(t.word));
    if (owner < 0) continue;
    const verb = run.tokens.findIndex((t, i) => i > owner + 1 && t.pos === 'VERB');
    const between = run.tokens.slice(owner + 1, verb);
    if (verb < 0 || !between.every((t) => OWNER_TO_VERB.has(t.pos))) continue;
    let from = verb + 1;
    if (run.tokens[from]?.pos === 'DET') from++;
    if (!/^[A-Z]/.test(run.tokens[from]?.text ?? '') || run.tokens[from].platform) continue;
    let to = from;
    while (
      to < run.tokens.length &&
      (NAMED_OBJECT.has(run.tokens[to].pos) || run.uses[to] === 'content') &&
      run.tokens[to].pos !== 'ADP' &&
      !(run.tokens[to].type === 'punctuation' && run.uses[to] !== 'content')
    )
      to++;
    found.push({ tokens: run.tokens.slice(from, to), uses: run.uses.slice(from, to) });
  }
  return found;
}

const PHRASE_POS = new Set<string>(['NOUN', 'ADJ', 'PROPN'] as const);
const OWNING = new Set(words.owning_verbs.lemmas);
const MAX_NAME_TOKENS = 4;

/**
 * A thing named beside what it is, across a comma: "I own a little bike repair shop, Spoke &
 * Wrench", "Our language app, Parlo, ...", "about Tally, our budgeting app". The run holds the
 * name and the description, in the brief's order.
 */
function appositions(tokens: ReadToken[], uses: WordUse[]): Run[] {
  const found: Run[] = [];
  const span = (from: number, to: number) => ({ tokens: tokens.slice(from, to), uses: uses.slice(from, to) });
  tokens.forEach((t, i) => {
    if (t.text !== ',') return;
    const described = describedBefore(tokens, i);
    const nameEnd = nameFrom(tokens, i + 1);
    if (described !== null && nameEnd !== null) found.push(span(described, nameEnd));
    const nameStart = nameBefore(tokens, i);
    const phraseEnd = ownedPhraseFrom(tokens, i + 1);
    if (nameStart !== null && phraseEnd !== null) found.push(span(nameStart, phraseEnd));
  });
  return found;
}

/** Start of "our language app" or "(I own) a bike shop" ending right before `comma`, or null. */
function describedBefore(tokens: ReadToken[], comma: number): number | null {
  let j = comma - 1;
  while (j >= 0 && PHRASE_POS.has(tokens[j].pos) && tokens[j].type === 'word') j--;
  if (j === comma - 1 || tokens[comma - 1].pos !== 'NOUN' || j < 0) return null;
  const owner = tokens[j];
  const owned =
    POSSESSIVE.has(owner.word) || (/^(?:a|an)$/.test(owner.word) && OWNING.has(tokens[j - 1]?.lemma ?? ''));
  return owned ? j + 1 : null;
}

const isNamePart = (t: ReadToken) =>
  (t.type === 'word' && /^\p{Lu}/u.test(t.text) && !t.platform) || t.text === '&';

/** End of a short capitalised name from `from` that a clause break or the brief's end closes, or null. */
function nameFrom(tokens: ReadToken[], from: number): number | null {
  let j = from;
  while (j < tokens.length && j - from < MAX_NAME_TOKENS && isNamePart(tokens[j])) j++;
  const closed = j === tokens.length || tokens[j].pos === 'PUNCT';
  return j > from && isNamePart(tokens[from]) && tokens[from].text !== '&' && closed ? j : null;
}

/** Start of a short capitalised name ending right before `comma`, opened by a preposition ("about Tally"). */
function nameBefore(tokens: ReadToken[], comma: number): number | null {
  let j = comma - 1;
  while (j >= 0 && comma - 1 - j < MAX_NAME_TOKENS && isNamePart(tokens[j])) j--;
  const named = j < comma - 1 && tokens[j + 1].text !== '&';
  return named && tokens[j]?.pos === 'ADP' ? j + 1 : null;
}

/** End of "our budgeting app" from `from`, closed by a clause break or the brief's end, or null. */
function ownedPhraseFrom(tokens: ReadToken[], from: number): number | null {
  if (!POSSESSIVE.has(tokens[from]?.word ?? '')) return null;
  let j = from + 1;
  // "our budgeting app": an -ing word before a noun describes it.
  const describes = (t: ReadToken, next?: ReadToken) =>
    PHRASE_POS.has(t.pos) || (t.pos === 'VERB' && t.word.endsWith('ing') && next?.pos === 'NOUN');
  while (j < tokens.length && tokens[j].type === 'word' && describes(tokens[j], tokens[j + 1])) j++;
  const closed = j === tokens.length || tokens[j].pos === 'PUNCT';
  return j > from + 1 && tokens[j - 1].pos === 'NOUN' && closed ? j : null;
}

/** "our matcha powder 'Zen Leaf'", "the new candle, called "Fireside"": a short quote right after the product is its name. */
function namedInQuote(reading: BriefReading, end: number): string | null {
  const quote = reading.spans.quotes.find(
    (q) =>
      q.start >= end &&
      /^[\s,(]*(?:(?:called|named)\s+)?["'“‘]?$/i.test(reading.brief.slice(end, q.start)) &&
      wordCount(q.text) <= 5,
  );
  return quote ? quote.text : null;
}

/** "our Glow Serum", "it's the Meridian watch": a noun phrase after a possessive or "it's". */
function nounPhrases(runs: Run[]): Run[] {
  const found: Run[] = [];
  for (const run of runs)
    run.tokens.forEach((t, i) => {
      const its = (t.word === 'its' || t.word === "it's") && ITS_OPENERS.has(run.tokens[i + 1]?.word ?? '');
      if (!POSSESSIVE.has(t.word) && !its) return;
      let j = i + 1 + (its ? 1 : 0);
      const from = j;
      while (j < run.tokens.length && NOUN_PHRASE.has(run.tokens[j].pos)) {
        const t = run.tokens[j];
        // A verb with an object ends the phrase; one that ends it is a noun wink misread ("the Meridian
        // watch", "protein bites on reels").
        const after = run.tokens[j + 1];
        if (t.pos === 'VERB' && !/(?:ing|ed)$/.test(t.word) && after && !PHRASE_ENDERS.has(after.pos)) break;
        if (t.pos === 'PUNCT' && run.uses[j] !== 'content') break;
        j++;
      }
      if (j > from) found.push({ tokens: run.tokens.slice(from, j), uses: run.uses.slice(from, j) });
    });
  return found;
}

/** Clauses that state something (no request word): "Winter sale starts Dec 1". */
function statements(runs: Run[]): Run[] {
  // The reading marked the clauses that state (context): those are the statements.
  return runs.filter(
    (r) => r.tokens.some((t) => t.zone === 'context') && r.tokens.every((t) => t.zone !== 'ask'),
  );
}

/**
 * What follows each topic cue the reading marked, to the next cue or the clause end ("for our
 * investors", "about how the marketplace works"); what a purpose phrase names ("for our investors")
 * comes after the others, and after an embedded question. A stretch opening on a pronoun ("to celebrate it") stands for something
 * stated elsewhere: skipped.
 */
function topicSegments(runs: Run[]): { marked: Run[]; purposes: Run[]; pointsBack: boolean } {
  const segments: { run: Run; purpose: boolean }[] = [];
  for (const run of runs) {
    let current: { run: Run; purpose: boolean } | null = null;
    run.tokens.forEach((t, i) => {
      if (t.cue) {
        current = { run: { tokens: [], uses: [] }, purpose: t.word === 'for' };
        segments.push(current);
      } else if (current) {
        current.run.tokens.push(t);
        current.run.uses.push(run.uses[i]);
      }
    });
  }
  // "announcing that Hannah joins us": "that" opens the clause here; it points back nowhere.
  for (const s of segments)
    if (s.run.tokens[0]?.lower === 'that' && s.run.tokens[0].pos === 'SCONJ') {
      s.run.tokens = s.run.tokens.slice(1);
      s.run.uses = s.run.uses.slice(1);
    }
  // "to celebrate it", "tells people about it": the stretch stands for something stated elsewhere.
  const backAt = (r: Run) => {
    const last = r.tokens[r.tokens.length - 1];
    return (
      BACK_REFERENCES.has(r.tokens[0]?.lower ?? '') ||
      (last?.pos === 'PRON' && BACK_REFERENCES.has(last.lower))
    );
  };
  const usable = segments.filter((s) => s.run.tokens.length > 0 && !backAt(s.run));
  const pointsBack = segments.some((s) => backAt(s.run));
  const asRun = (s: { run: Run }) =>
    QUESTION_WORDS.has(s.run.tokens[0].word) ? questionFrom(s.run, 0) : s.run;
  return {
    marked: usable.filter((s) => !s.purpose).map(asRun),
    purposes: usable.filter((s) => s.purpose).map(asRun),
    pointsBack,
  };
}

/** The clauses the brief states in its first stating sentence, as one run: the whole situation. */
function wholeStatement(stated: Run[]): Run[] {
  if (stated.length === 0) return [];
  const sentence = stated[0].tokens[0].sentence;
  const same = stated.filter((r) => r.tokens[0].sentence === sentence);
  return [{ tokens: same.flatMap((r) => r.tokens), uses: same.flatMap((r) => r.uses) }];
}

/** A label that names something ("Black Friday rollout: ..."): the name is the subject. */
function namedLabel(runs: Run[]): Run[] {
  // A capital that opens the brief is a sentence's, not a name's.
  return runs.filter(
    (r) =>
      r.tokens.every((t) => t.zone === 'label') &&
      r.tokens.some((t) => isName(t) && !t.platform && t.start > 0),
  );
}

/** "Our spring menu needs a post": what comes before a needing verb, when the run asks for something. */
function needers(runs: Run[]): Run[] {
  const found: Run[] = [];
  for (const run of runs) {
    const at = run.tokens.findIndex((t) => t.pos === 'VERB' && NEEDING.has(t.lemma));
    const before = run.tokens.slice(0, at);
    // What it needs is content to make ("needs a post"), not an act ("wants to approve them").
    const needsContent = run.uses.slice(at + 1).includes('deliverable') && run.tokens[at + 1]?.word !== 'to';
    if (
      needsContent &&
      at > 0 &&
      before.some((t) => t.pos === 'NOUN' || t.pos === 'PROPN') &&
      !before.some((t) => t.pos === 'VERB')
    )
      found.push({ tokens: before, uses: run.uses.slice(0, at) });
  }
  return found;
}

/** Question words that open an embedded question, the subject of an explanation. */
const QUESTION_WORDS = new Set(words.question_words.words);
const QUESTION_FOLLOWERS = new Set(words.question_followers.words);
const ITS_OPENERS = new Set(words.its_openers.words);

/**
 * An embedded question: "how to care for a fiddle leaf fig", "(ask us) what to pack for summer
 * camp", "why bees matter": the run from the question word on.
 */
function questionRuns(runs: Run[]): Run[] {
  const found: Run[] = [];
  for (const run of runs)
    run.tokens.forEach((t, i) => {
      const next = run.tokens[i + 1];
      // "how to care for ...", "how our subscription works" (not "how it works", a kind of video).
      const opens =
        next &&
        (QUESTION_FOLLOWERS.has(next.word) ||
          next.pos === 'NOUN' ||
          // "why are my monstera's leaves turning yellow"
          (next.pos === 'AUX' && t.word !== 'how') ||
          (next.pos === 'VERB' && next.word.endsWith('ing')));
      if (QUESTION_WORDS.has(t.word) && opens) found.push(questionFrom(run, i));
    });
  return found;
}

/**
 * The embedded question from token i: its words are what it asks about, even those an app names
 * ("how the loyalty points work"), up to a preposition that brings the deliverable ("in a video").
 */
function questionFrom(run: Run, i: number): Run {
  const tokens = run.tokens.slice(i);
  const uses = run.uses.slice(i);
  const tail = tokens.findIndex(
    (t, j) => j > 0 && t.pos === 'ADP' && uses.slice(j + 1, j + 4).includes('deliverable'),
  );
  const end = tail > 0 ? tail : tokens.length;
  return {
    tokens: tokens.slice(0, end),
    uses: uses.slice(0, end).map((u) => (u === 'deliverable' || u === 'request' ? 'content' : u)),
  };
}

/**
 * The subject of a brief for a text parameter that wants a short phrase (a topic, a title, a
 * product, a campaign).
 * 1. Candidates in order: the topic the brief marks ("about ...", "announcing ...", "theme is ...");
 *    an embedded question ("how to ...", "what to ..."); the run after a cue word of the role
 *    ("for the Zap energy drink"); what needs the content ("Our spring menu needs a post"); for a
 *    product, a possessive noun phrase ("our Glow Serum"); the content after a label; a stating clause ("Winter sale starts Dec 1"); the run with the most
 *    content words.
 * 2. Each is trimmed to its content (trim); the first that keeps a content word wins.
 * 3. A topic with no marked subject but a stating clause about a named thing gets both: "Black
 *    Friday is coming: 30% off everything".
 */
export function subjectOf(reading: BriefReading, role: FieldRole, context: WordContext): string | null {
  // An agent's structured brief says what each value is; its words are not prose to search.
  if (reading.structured) return null;
  const tokens = reading.tokens;
  const uses = wordUses(tokens, context);
  const runs = runsOf(tokens, uses);
  const asked = runs.filter((r) => r.tokens.some((t) => t.zone !== 'content'));
  const content = runs.filter((r) => r.tokens.every((t) => t.zone === 'content'));
  const segments = topicSegments(runs);
  const topic = [...segments.marked, ...segments.purposes];
  const cued = afterCue(asked, CUES[role] ?? [], CUED_ZONES);
  const ordered: Run[] =
    role === 'product'
      ? [
          ...appositions(tokens, uses),
          ...namedObjects(asked),
          ...topic.filter((r) => r.tokens.some((t) => POSSESSIVE.has(t.word))),
          ...cued,
          ...nounPhrases(runs),
          ...content,
          ...runs.filter((r) => r.tokens.some((t) => isName(t) && !t.platform && t.start > 0)),
        ]
      : [
          ...segments.marked,
          ...questionRuns(runs),
          ...segments.purposes,
          ...namedLabel(runs),
          ...cued,
          ...needers(asked),
          ...content,
        ];
  const stated = statements(runs);
  // "... that announces it": what "it" stands for is the situation the brief states.
  const first = role === 'topic' && segments.pointsBack ? wholeStatement(stated) : [];
  // A clause about the sender ("I'm an HR generalist at ...") gives the subject only when nothing
  // else does. A product the brief points at in one ("I run a candle studio, Ember & Wick", "we're
  // pushing our new Trailmix bites") often is the sender's own; a whole stating clause about them
  // ("I'm a ceramicist who sells at craft fairs") is not a product.
  const fallbacks = [...stated, ...byContent(runs)];
  const ownProduct = (c: Run) => role === 'product' && !fallbacks.includes(c);
  const trimmed = [...first, ...ordered, ...fallbacks].flatMap((c) => {
    const run = trim(c, role);
    return run ? [{ run, aboutSender: !ownProduct(c) && run.tokens.some((t) => t.sender) }] : [];
  });
  const found = (trimmed.find((c) => !c.aboutSender) ?? trimmed[0])?.run;
  if (!found) return null;
  const text = textOf(reading.brief, found);
  if (role === 'product') {
    const name = namedInQuote(reading, found.tokens[found.tokens.length - 1].end);
    if (name) return `${name} ${text}`;
  }
  // A topic found after a cue gets the fact the brief states about a named thing before it.
  if (role === 'topic' && topic.length === 0) {
    const fact = stated
      .map((c) => trim(c, role))
      .find(
        (c) =>
          c &&
          c.tokens[0] !== found.tokens[0] &&
          c.tokens.some((t) => isName(t) && !opensSentence(reading.brief, t)),
      );
    const factText = fact ? textOf(reading.brief, fact) : '';
    if (fact && factText.includes(text)) return factText;
    if (fact && !found.tokens.includes(fact.tokens[0])) return `${factText}: ${text}`;
  }
  return text;
}

/** A proper name ("Black Friday"), not a pronoun wink tags as one ("I'm"). */
const isName = (t: ReadToken) => t.pos === 'PROPN' && /^[A-Z][a-z]/.test(t.text) && !/['’]/.test(t.text);

/** A capital that opens a sentence ("Parents always ask ...") is the sentence's, not a name's. */
const opensSentence = (brief: string, t: ReadToken) =>
  /(?:^|[.!?]\s*)$/.test(brief.slice(0, t.start).trimEnd());

/** Runs that do not ask first ("Our yoga studio turns 5"), then by how many content words they hold. */
function byContent(runs: Run[]): Run[] {
  const count = (r: Run) => r.uses.filter((u) => u === 'content').length;
  const asks = (r: Run) => (r.uses.includes('request') ? 1 : 0);
  return [...runs].sort((a, b) => asks(a) - asks(b) || count(b) - count(a));
}
