import { wordCount } from '../language/tokens';
import type { AppParameter } from '../app/app-definition';
import { ASK_KEYS, type BriefReading } from '../discovery/brief-reading';
import { PERSON_NAME, speakerBefore, type Quote } from '../language/spans';
import { NAMING_WORDS } from '../discovery/evidence';
import { platformOf } from '../language/placement';
import { isDeliverable, isFormWord } from './brief-words';
import { keyMatch, ROLE_CUES, roleOf, takesDetails, type FieldRole } from './field-roles';
import { lexicon } from '../language/lexicon';
import { phrases } from '../language/phrases';

const stated = lexicon.statedValues;
const NAME_DETERMINERS = phrases(stated.name_determiners.words);
const NAMING_VERBS = phrases(stated.naming_verbs.words);
const NAME_GLUE = phrases(stated.name_glue.words);
const VALUE_DETERMINERS = new RegExp(`^(?:${phrases(stated.value_determiners.words)})\\s+`, 'i');
const NAME_ENDERS = new RegExp(`\\s+(?:${phrases(stated.name_enders.words)})\\b.*$`, 'i');
const ITEM_OPENER = new RegExp(`^\\s*(?:${phrases(stated.item_openers.words)})\\s+`, 'i');

/**
 * Values a brief states outright for a field: an agent's field (`cta="Order today"`), a "Key: value"
 * cue ("Call to action: ...", "Product: ..."), "<cue> is <value>" ("product is the CalmMat yoga mat"),
 * a quote with its cue before it ("episode "Slow Fashion Now"", "cta "Grab a can""), an attribution
 * after a quote, a list, a length in seconds.
 */

/** The agent's field for a parameter, by key (see keyMatch); fields already used are skipped. */
export function structuredValue(reading: BriefReading, p: AppParameter, used: Set<string>): string | null {
  const fields = reading.structured?.fields ?? [];
  const best = fields
    .filter((f) => !used.has(f.key))
    .map((f) => ({ f, score: keyMatch(f.key, p) }))
    .filter((x) => x.score >= 0.8)
    .sort((a, b) => b.score - a.score)[0];
  if (!best) return null;
  used.add(best.f.key);
  if (p.type === 'text' && roleOf(p) === 'points')
    return (best.f.items.length > 1 ? best.f.items : splitItems(best.f.value)).join('\n');
  return best.f.value;
}

/**
 * For a structured brief, a field no parameter claimed whose value reads as text (two words or
 * more, not a link, not what is asked for): the agent's value under a name of its own, for a text
 * parameter left empty.
 */
export function unclaimedValue(reading: BriefReading, used: Set<string>): string | null {
  const field = reading.structured?.fields.find(
    (f) =>
      !used.has(f.key) &&
      !ASK_KEYS.test(f.words.join(' ')) &&
      wordCount(f.value) >= 2 &&
      !/^https?:\/\//i.test(f.value),
  );
  if (!field) return null;
  used.add(field.key);
  return field.value;
}

/** Roles whose value is a passage (it runs to the next cue or the end); the others are a phrase. */
const PASSAGES = new Set<FieldRole>([
  'script',
  'excerpt',
  'quote',
  'copy',
  'points',
  'overlay',
  'prompt',
] as const);

/**
 * "Product: Trailhead Camp Mug." and "product is the CalmMat yoga mat": the value a cue names. A
 * passage runs to the next cue or the end of the brief ("Here it is: ..."); a phrase (a title, a
 * product, a campaign, a topic) ends at its clause ("Campaign kit: Summer Solstice festival, warm palette").
 */
export function cuedValue(
  reading: BriefReading,
  p: AppParameter,
  rivals: AppParameter[] = [],
): string | null {
  const role = p.type === 'text' ? roleOf(p) : 'copy';
  const keyCues = reading.spans.keyCues;
  // A key belongs to the parameter it names best ("End slide" is the call to action, not the points).
  const names = (key: string) => {
    const mine = keyMatch(key, p);
    return mine >= 0.8 && !rivals.some((r) => r.key !== p.key && keyMatch(key, r) > mine);
  };
  for (const [i, cue] of keyCues.entries())
    if (names(cue.key)) {
      // "Episode: 'Can you train a cat?' Clip the line ...": a phrase that opens on a quote is the quote.
      const quoted = reading.spans.quotes.find((q) =>
        /^\s*["“'‘]$/.test(reading.brief.slice(cue.valueStart, q.start)),
      );
      if (quoted && !PASSAGES.has(role) && clean(quoted.text)) return clean(quoted.text);
      const end = PASSAGES.has(role) ? (keyCues[i + 1]?.start ?? reading.brief.length) : cue.valueEnd;
      let value = reading.brief.slice(cue.valueStart, end);
      if (PASSAGES.has(role)) value = withoutTrailingForm(value);
      else if (role === 'author') value = authorPhrase(value);
      else value = value.split(takesDetails(p) ? /;/ : /,|;|\s[-–—]\s|\s\(/)[0];
      value = clean(value);
      if (value) return value;
    }
  // "It's the Barista Pro 2.", "it's the Loopr recycled sneaker": what the caller's thing is, by name.
  if (role === 'product') {
    const named = reading.brief.match(
      new RegExp(
        String.raw`\b(?:[Ii]t['’]s|[Ii]t is|[Tt]his is|[Tt]hat['’]s)\s+(?:${NAME_DETERMINERS})\s+(\p{Lu}[\p{L}\d&'’-]*(?:\s+[\p{L}\d&'’-]+){0,4}?)\s*(?=[.,;:!?]|$)`,
        'u',
      ),
    );
    if (named) return clean(named[1]);
  }
  // "It is called Sunny Lemon Tart", "an episode titled Deep Work": a name the brief gives.
  if ((['title', 'product', 'campaign'] as const).some((named) => named === role)) {
    const named = reading.brief.match(
      new RegExp(String.raw`\b(?:${NAMING_VERBS})\s+["“]?([^,.;:!?"”()]{2,60})`, 'i'),
    );
    // "called 'Learning Spanish After 60'": the quote the name opens on.
    const nameAt = named ? named.index! + named[0].length - named[1].length : -1;
    const quoted = reading.spans.quotes.find((q) => q.start === nameAt || q.start === nameAt + 1);
    if (quoted) return clean(quoted.text);
    if (named) return clean(named[1]);
  }
  // "episode Money Myths", "with the words Golden Hour": a cue word, then a name in capitals.
  for (const cue of (p.type === 'text' ? ROLE_CUES[role] : []).filter(
    (c) => c.length > 3 && !c.includes(' '),
  )) {
    const m = reading.brief.match(
      new RegExp(
        `\\b${cue}s?\\s+(?:is\\s+)?((?:[A-Z0-9][\\w'’-]*)(?:\\s+(?:[A-Z0-9][\\w'’-]*|${NAME_GLUE}))*)`,
      ),
    );
    const name = m?.[1].replace(new RegExp(`(?:\\s+(?:${NAME_GLUE}))+$`), '');
    // "episode 42" numbers the episode; a name has a letter.
    if (name && /[A-Za-z]/.test(name)) return clean(name);
  }
  const cues = p.type === 'text' ? ROLE_CUES[roleOf(p)] : [];
  for (const cue of cues.filter((c) => c.length > 3 || c === 'cta')) {
    const m = reading.brief.match(
      new RegExp(`\\b${cue}(?: name| title)? (?:is|are|=) (?!["“])([^,.;:!?()]+)`, 'i'),
    );
    if (m && !m[1].includes('"')) return clean(m[1].replace(VALUE_DETERMINERS, ''));
  }
  return null;
}

/** "our CEO, Dana Whitfield": who said it, with the name after their role; not a note after the name ("Maya Angelou, dark palette"). */
function authorPhrase(value: string): string {
  const [who, next] = value.split(/;|\s[-–—]\s|\s\(/)[0].split(/,\s*/);
  const name = next?.replace(/[.!?]+$/, '').trim();
  return name && PERSON_NAME.test(name) ? `${who}, ${name}` : who;
}

const clean = (s: string) =>
  s
    .trim()
    .replace(/^["“']|["”']$/g, '')
    .replace(/[.;,]+$/, '')
    .trim();

const LINKING_TAIL = new RegExp(`(?:\\s*\\b(?:${phrases(stated.linking_tail.words)}))+$`);

/** Which role a quote's cue words point at, if any ("episode", "cta", "line", "text"). */
export function quoteRole(q: Quote, roles: FieldRole[]): FieldRole | null {
  // "the button text should be 'Shop the sale'": the cue is what comes before the linking words.
  const before = q.before.replace(LINKING_TAIL, '').split(' ');
  const last = before.slice(-2);
  // An author is named around a quote, never quoted: "says" before a quote introduces the quote itself.
  const hits = roles
    .filter((role) => role !== 'author')
    .filter((role) =>
      ROLE_CUES[role].some((cue) =>
        cue.includes(' ') ? q.before.endsWith(cue) || q.before.includes(`${cue} `) : last.includes(cue),
      ),
    );
  // The nearest cue decides: in "episode name is "X"" the cue is "episode", two words back.
  const nearest = hits.sort((a, b) => distance(before, a) - distance(before, b))[0];
  if (nearest) return nearest;
  // "name is 'Lavender Dusk'", "called 'Trail Mix'": a name, for whichever named thing the app has.
  // Or "..., call it 'Lavender Hour'": the caller gives the thing its name.
  const named = last.some((w) => NAMING_CUES.has(w)) || NAME_GIVING.some((p) => q.before.endsWith(p));
  return named ? (NAMED_ROLES.find((r) => roles.includes(r)) ?? null) : null;
}

const NAMING_CUES = new Set(['name', ...NAMING_WORDS]);
const NAME_GIVING: readonly string[] = lexicon.fieldRoles.naming.name_giving;
const NAMED_ROLES: readonly FieldRole[] = ['title', 'product', 'campaign'] as const;

function distance(before: string[], role: FieldRole): number {
  for (let i = before.length - 1; i >= 0; i--)
    if (ROLE_CUES[role].includes(before[i])) return before.length - i;
  return 99;
}

/** What marks the name after a quotation as its author: "- Priya", "by", "said", "it's from". */
const ATTRIBUTION_MARK = new RegExp(
  String.raw`^[\s,]*(?:and\s+)?(?:(?:it['’]?s|it is|this is)\s+)?(?:[-–—~]|${phrases(stated.attribution_marks.words)})`,
  'iu',
);
/** "My grandma says "..."": the speaker (the shortest name) right before a verb of saying and the quote. */
const SPEAKER_BEFORE_QUOTE = new RegExp(
  String.raw`(?:^|[.!?]\s+|,\s*)(?:my |our )?([\p{L}][\p{L}.'’-]*(?:\s+[\p{L}][\p{L}.'’-]*){0,2}?)\s+(?:${phrases(stated.speaker_verbs.phrases)})\s*:?\s*["“']?$`,
  'iu',
);

/** "by Peter Drucker", "- Priya, Bristol", "from Francis Bacon", or a name right after the quote. */
export function attributionAfter(reading: BriefReading, quote: Quote): string | null {
  // "My grandma says "...": the speaker before the quote (the shortest name: "always" is not one).
  const said = reading.brief.slice(Math.max(0, quote.start - 60), quote.start).match(SPEAKER_BEFORE_QUOTE);
  if (said) return said[1].trim();
  const owner = speakerBefore(reading.brief, quote);
  if (owner) return owner;
  const rest = reading.brief.slice(quote.end).replace(/^["”'’]/, '');
  if (/^\s*\(?\s*(?:no|without)\s+author/i.test(rest)) return '';
  // "... never paused.' (Priya, Leeds)": a name in parentheses, with where they are from.
  const inParens = rest.match(/^\s*\(\s*(?:by\s+|[-–—]\s*)?([^(),]+?)\s*(?:,[^()]*)?\)/u);
  if (inParens && PERSON_NAME.test(inParens[1])) return inParens[1];
  const marked = rest.match(
    new RegExp(
      String.raw`${ATTRIBUTION_MARK.source}\s+([\p{L}][\p{L}.'’-]*(?:\s+[\p{L}][\p{L}.'’-]*){0,3})`,
      'iu',
    ),
  );
  // A bare name ends the brief or its clause: "... now.' Dana Okafor, CEO. Cool blues."
  const m =
    marked ??
    rest.match(/^\s+([\p{L}][\p{L}'’-]*(?:\.?\s+[\p{L}][\p{L}'’-]*){0,2}\.?)\s*(?=$|[,;:!?]|\.(?:\s|$))/u);
  if (!m) return null;
  // A bare phrase after a quotation that closed its sentence is a name only when written as one
  // ("... a single step.' Lao Tzu", not "... step.' Soft pastel colours.").
  const bare = !ATTRIBUTION_MARK.test(rest);
  const capitalised = m[1].split(/\s+/).every((w) => /^\p{Lu}/u.test(w));
  if (bare && /[.!?]$/.test(quote.text) && !capitalised) return null;
  if (bare && isConstraintList([m[1].replace(/[.!?]+$/, '')])) return null;
  // The name ends at a sentence end or a preposition ("Wayne Gretzky. make it", "Bacon, for post").
  return (
    m[1]
      .replace(/[.!?]\s.*$/s, '')
      .replace(NAME_ENDERS, '')
      .replace(/[.]$/, '')
      .trim() || null
  );
}

/** What names a call to action outright: "CTA", "call to action", "call-to-action". */
const CTA_CUE = /cta|call[- ]to[- ]action/;

/** "cta "Try them free"", "Call to action: Order today", "ending with Shop now". */
export function callToAction(reading: BriefReading): string | null {
  // "CTA on the story and banner: "Shop the sale"": the quote the cue points to in its sentence.
  const quoted = reading.brief.match(
    new RegExp(String.raw`\b(?:${CTA_CUE.source})\b[^.!?"“”]{0,40}["“]([^"”]{2,80})["”]`, 'i'),
  );
  if (quoted) return clean(quoted[1]);
  const m = reading.brief.match(
    new RegExp(
      String.raw`\b(?:${CTA_CUE.source}|(?:${phrases(stated.call_to_action_enders.verbs)})(?:ing|s)? with|end card(?: says)?)\s*[:=-]?\s*(?:["“]([^"”]{2,80})["”]|([^"“,.;!?()]{2,60}))`,
      'i',
    ),
  );
  return m ? clean(m[1] ?? m[2]) : null;
}

/**
 * Items the brief lists: a structured list, or after a colon, a spaced dash or a "steps:" cue, or
 * a sentence of its own, as 2+ short items separated by semicolons or commas ("and" joins words
 * inside an item: "greens and browns").
 */
export function listItems(reading: BriefReading): string[] {
  const text = reading.brief;
  // A list ends where a "Key:" cue or a quote begins ("...; call to action: "Follow"").
  const stops = [
    ...reading.spans.keyCues.map((c) => c.start),
    ...reading.spans.quotes.map((q) => q.start - 1),
  ];
  const bodyFrom = (start: number) => {
    const end = Math.min(text.length, ...stops.filter((s) => s > start));
    return text
      .slice(start, end)
      .replace(/\s[-–—]\s.*$/s, '')
      .replace(/[.?!](?:\s.*)?$/s, '')
      .trim();
  };
  const starts: number[] = [];
  if (reading.spans.afterColon !== null) starts.push(reading.spans.afterColon);
  for (const m of text.matchAll(/\s[-–—]\s/g)) starts.push(m.index + m[0].length);
  for (const m of text.matchAll(/(?:^|[.?!]\s+)(?=\S)/g)) starts.push(m.index + m[0].length);
  // A sentence that asks for the deliverable ("Three-slide carousel on X, in muted colours") is the request, not a list.
  const asksIn = (start: number, end: number) =>
    reading.tokens.some(
      (t) => t.start >= start && t.end <= end && (t.zone === 'ask' || t.zone === 'label') && isDeliverable(t),
    );
  for (const start of starts) {
    const body = bodyFrom(start);
    const items = splitItems(body);
    if (
      items.length >= 2 &&
      items.every((i) => wordCount(i) <= 10) &&
      !isConstraintList(items) &&
      !asksIn(start, start + body.length)
    )
      return items;
  }
  return [];
}

/**
 * A passage without the sentences after it that only say how it looks or where it goes ("... start
 * early. Forest palette." -> "... start early.").
 */
export function withoutTrailingForm(passage: string): string {
  const sentences = passage.split(/(?<=[.!?])\s+/);
  while (sentences.length > 1) {
    const items = splitItems(sentences[sentences.length - 1]);
    if (items.length === 0 || !isConstraintList(items)) break;
    sentences.pop();
  }
  return sentences.join(' ');
}

/**
 * A list of how the content looks and where it goes ("LinkedIn document post, square slides, sunset
 * palette"), not of its points: most items end on such a word and hold at most three words.
 */
function isConstraintList(items: string[]): boolean {
  return items.length > 0 && items.filter(isFormItem).length * 2 > items.length;
}

/** "pls", "if possible": politeness closing a note. */
const POLITE_TAIL = new RegExp(String.raw`\s*\b(?:${phrases(stated.polite_tail.phrases)})\W*$`, 'i');

/** "earthy colors pls", "16:9 for our website": a short note on the look or the placement. */
function isFormItem(item: string): boolean {
  const words = item.replace(POLITE_TAIL, '').trim().split(/\s+/);
  const [first] = words;
  return (
    words.length <= 4 &&
    (isFormWord(words[words.length - 1]) || /^\d+:\d+$/.test(first) || platformOf(first) !== null)
  );
}

const NUMBERED_ITEM = /(?:^|\s)\d{1,2}[).]\s+/g;
/** Between two sentences: "One shared inbox. Tickets tagged on arrival." */
const SENTENCE_BREAK = /(?<=[.!?])\s+(?=[A-Z0-9])/;

/**
 * Items of a list: by numbers ("1) ... 2) ..."), by semicolons when there are two or more, else by commas, else by short
 * sentences ("One shared inbox. Tickets tagged on arrival."); a leading "and" dropped.
 */
export function splitItems(text: string): string[] {
  // "1) add the bill 2) split it 3) pay in one tap"
  if ((text.match(NUMBERED_ITEM) ?? []).length >= 2)
    return text
      .split(NUMBERED_ITEM)
      .map((s) => s.replace(/[\s,;.]+$/, '').trim())
      .filter((s) => s.length > 1);
  const bySemicolon = text.split(';').filter((s) => s.trim().length > 1);
  const sentences = text.split(SENTENCE_BREAK).filter((s) => s.trim().length > 1);
  const separator =
    bySemicolon.length >= 2 ? ';' : !text.includes(',') && sentences.length >= 2 ? SENTENCE_BREAK : ',';
  return text
    .replace(/https?:\/\/\S+/g, ' ')
    .split(separator)
    .map((s) =>
      s
        .replace(ITEM_OPENER, '')
        .replace(/[.!?]+$/, '')
        .trim(),
    )
    .filter((s) => s.length > 1);
}

const SECONDS = new RegExp(String.raw`\b(\d{1,3})\s*-?\s*(?:${phrases(stated.seconds.units)})\b`, 'i');
const DURATION_FIELD = new RegExp(`^(?:${phrases(stated.seconds.field_names)})$`);

/** A length in seconds the brief states: "8 seconds", "5s", "12 sec", or an agent's "duration": 12. */
export function secondsIn(reading: BriefReading): string | null {
  const m = reading.brief.match(SECONDS);
  if (m) return m[1];
  const field = reading.structured?.fields.find((f) => DURATION_FIELD.test(f.words.join(' ')));
  return field ? field.value.replace(/[^\d]/g, '') || null : null;
}

/** ", then voice it", ", and read it out": the next step of the request. */
const NEXT_STEP = new RegExp(
  String.raw`^(?:and\s+)?then\b|^\w+\s+(?:${phrases(stated.next_step.pronouns)})\b(?:\s+out)?$`,
  'i',
);

/**
 * What the brief says about a named thing right after it, for a field that takes details
 * (takesDetails): "our protein bars (peanut butter crunch, 20g protein)", "the Breeze fan - 3 speeds,
 * 10-hour battery": short items to the sentence end, without looks and placements.
 */
export function detailsAfter(reading: BriefReading, name: string): string[] {
  const at = reading.brief.indexOf(name);
  if (at < 0) return [];
  const rest = reading.brief.slice(at + name.length);
  const inParens = rest.match(/^\s*\(([^()]+)\)/);
  const afterMark = rest.match(/^\s*(?:[-–—:]|,)\s*([^.!?;:"“”()]+?)(?=[.!?;:"“(]|\s[-–—]\s|$)/);
  const body = inParens?.[1] ?? afterMark?.[1];
  if (!body) return [];
  const items = splitItems(body).filter((i) => wordCount(i) <= 8 && !isConstraintList([i]));
  // ", then voice it", ", and read it out": the next step of the request, not something about the thing.
  const nextStep = (item: string) => NEXT_STEP.test(item);
  return items.filter((i) => !nextStep(i));
}
