/**
 * The words of a review as the review index reads them, for search (`indexTerms`, `queryTerms`), the owner's
 * phrases (`phraseTerms`, `mentions`) and the topic chips (topics.ts). Standard JS only: it runs on Node,
 * Workers, Deno and Bun alike.
 *
 * - **Splitting.** A text with no Han, Kana, Hangul, Thai, Lao, Khmer or Myanmar character is split by one
 *   regular expression (letters, marks and digits); only a text that has such characters goes through
 *   `Intl.Segmenter` (its dictionaries find the words of scripts written without spaces). The segmenter's
 *   words in other scripts are split again by the same expression, so a Latin word is read the same way
 *   whichever path its text took (`don’t` is `don` + `t` in both).
 * - **Breaks.** Anything between two words other than spaces, or a single hyphen or apostrophe joining them,
 *   is a break (punctuation, a line break, quotes, brackets, emoji): a phrase never spans one.
 * - **Terms.** NFKC, lower case, Latin diacritics removed (`é` → `e`, `ß` → `ss`), Arabic tashkeel and
 *   tatweel removed, alef/yeh/teh marbuta forms unified and the article (`ال`, `وال`, `بال`, `كال`, `فال`,
 *   `لل`) taken off, native digits as ASCII digits, and the plural fold (`foldPlural`).
 * - **Stopwords.** Small curated lists for en, de, es, fr, ar, ja, zh and th, one table. A few Latin words
 *   are stopwords in one language and things in another (`car`, `son`, `hat`, `con`, `pour`…): those are
 *   stopwords only in a text whose other stopwords say it is written in that language.
 * - **CJK bigrams.** A run of Han/Kana/Hangul characters is indexed by its character bigrams (and its last
 *   character alone), marked with `CJK_MARKER`, because the segmenter may cut a text and a query differently.
 */

/** Prefixes a CJK bigram term, so that it never equals a word's term. */
export const CJK_MARKER = '\u0002';

export interface Word {
  /**
   * The normalised form: NFKC, case folded, Latin diacritics removed (é→e, ß→ss, ü→u), Arabic tashkeel and
   * tatweel removed, alef/yeh/teh-marbuta forms unified and the article taken off (`القهوة` → `قهوه`),
   * native digits as ASCII, and plurals folded (`foldPlural`).
   */
  term: string;
  /** The word as written, lower-cased (a topic's label is made of these). */
  surface: string;
  /**
   * A stopword of one of the shipped languages (en, de, es, fr, ar; Japanese particles and auxiliaries,
   * and any one-hiragana word; Chinese 的, 了, 是 …; Thai common function words).
   */
  stop: boolean;
  /**
   * Punctuation or a sentence/clause break (., ,, !, ?, ;, :, 。、！？, ، ؟, line break, quotes, parentheses,
   * emoji) lies between the previous word and this one; a hyphen or apostrophe joining two words is not a
   * break (`gluten-free` is two words without a break). The first word of a text is after a break.
   */
  afterBreak: boolean;
  /** UTF-16 offsets of the word in the original text (for highlighting later). */
  start: number;
  end: number;
}

export interface QueryTerm {
  term: string;
  /**
   * True for terms of letters/digits in alphabetic scripts (Latin, Arabic, Cyrillic, Greek, Thai words…):
   * the search may match them as a prefix of a longer word or within a small typo. False for CJK bigrams
   * (exact only). A CJK run of one character (`美`) is loose too, for its prefix: every character of an
   * indexed run begins one of its terms (its bigram, or the run's last character alone), so a prefix
   * search finds it anywhere; it is two UTF-16 units long with its marker, below any sensible typo length.
   */
  loose: boolean;
}

// A word: a letter or digit, then letters, marks, digits, the joiners of Persian and Indic writing and
// soft hyphens (left out of the term).
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}\u00ad\u200c\u200d]*/gu;
// The same for a text of ASCII only (most reviews in Latin script), faster.
const ASCII_WORD = /[A-Za-z0-9]+/g;
const CJK = '\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}\\p{sc=Hangul}\\u30fc\\uff70';
// Texts with one of these characters need the segmenter (scripts written without spaces).
const COMPLEX = new RegExp(`[${CJK}\\p{sc=Thai}\\p{sc=Lao}\\p{sc=Khmer}\\p{sc=Myanmar}]`, 'u');
const HAS_CJK = new RegExp(`[${CJK}]`, 'u');
// A run of CJK characters, with the marks (and half-width sound marks) that NFKC folds into them.
const CJK_RUN = new RegExp(`[${CJK}][${CJK}\\p{M}\\uff9e\\uff9f]*`, 'gu');
const HIRAGANA = /^\p{sc=Hiragana}$/u;
const LATIN_MARKED = /[\u00c0-\u02af\u1e00-\u1eff\u0300-\u036f]/;
const LATIN_MARKS = /(\p{sc=Latin})[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+/gu;
const LATIN_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const LATIN_SPECIAL = /[ßæœøłđðþı]/g;
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff\ufe0e\ufe0f\u20e3]/g;
const ARABIC = /[\u0600-\u06ff]/;
const TASHKEEL = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g;
const ARTICLES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
// Decimal digits NFKC leaves alone: Arabic-Indic, Persian, Devanagari, Bengali, Thai, Lao, Myanmar, Khmer.
const NATIVE_DIGITS =
  /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\u0e50-\u0e59\u0ed0-\u0ed9\u1040-\u1049\u17e0-\u17e9]/g;
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0e50, 0x0ed0, 0x1040, 0x17e0];
const ASCII = /^[\x00-\x7f]*$/;
const LOWER_LATIN = /^[a-z]+$/;

/**
 * The plural fold, for terms of Latin letters (a–z after diacritics are removed) of 4 letters or more; the
 * language is unknown, so it is one small set of endings, and a fold never leaves fewer than 3 letters:
 *
 * - `-ies` → `-y` (5 letters or more: pastries → pastry, fries → fry), and `-ie` → `-y` so that a word in
 *   `-ie` meets its plural (cookie, cookies → cooky; pâtisserie(s) → patissery).
 * - French `-eaux` → `-eau` (gâteaux → gateau), `-aux` → `-al` (5 letters or more: locaux → local).
 * - `-sses` → `-ss` (glasses → glass), `-xes`, `-ches`, `-shes` → drop `es` (boxes → box, peaches → peach).
 *   A singular in `-sse`, `-xe` or `-che` drops its `e` likewise, so that both meet whichever language the
 *   word is (tasse, tasses → tass; brioche, brioches → brioch; annexe, annexes → annex).
 * - `-oes` → `-o` and `-oe` → `-o` (tomatoes → tomato; shoe, shoes → sho; héroe(s) → hero).
 * - Otherwise a final `s` is dropped unless the word ends in `ss` (croissants → croissant, buns → bun,
 *   prices → price, cafés → cafe, menus → menu, tacos → taco; glass stays).
 *
 * Both a text and a query go through it, so a singular that loses an `s` of its own (`hummus` → `hummu`)
 * still meets itself. Not folded: words under 4 letters (bus, gas, yes), plurals that change the stem or add
 * `-es` to a consonant (buses, bonuses, lugares, flores, knives), German plurals, anything outside Latin.
 */
export function foldPlural(term: string): string {
  const n = term.length;
  const last = term.charCodeAt(n - 1);
  // Only words ending in e, s or x fold.
  if (n < 4 || (last !== 0x65 && last !== 0x73 && last !== 0x78) || !LOWER_LATIN.test(term)) return term;
  if (n >= 5 && term.endsWith('ies')) return term.slice(0, -3) + 'y';
  if (term.endsWith('ie')) return term.slice(0, -2) + 'y';
  if (term.endsWith('eaux')) return term.slice(0, -1);
  if (n >= 5 && term.endsWith('aux')) return term.slice(0, -3) + 'al';
  if (term.endsWith('sses')) return term.slice(0, -2);
  if (term.endsWith('sse')) return term.slice(0, -1);
  if (n >= 5 && (term.endsWith('xes') || term.endsWith('ches') || term.endsWith('shes'))) {
    return term.slice(0, -2);
  }
  if (term.endsWith('che') || term.endsWith('xe')) return term.slice(0, -1);
  if (n >= 5 && term.endsWith('oes')) return term.slice(0, -2);
  if (term.endsWith('oe')) return term.slice(0, -1);
  if (last === 0x73 && !term.endsWith('ss')) return term.slice(0, -1);
  return term;
}

/**
 * A word's key for the stopword table: NFKC, lower case, invisible characters dropped, Arabic normalised.
 * Latin diacritics stay, so that `thé` (tea) is not the English `the`.
 */
function stopKey(raw: string): string {
  if (ASCII.test(raw)) return raw.toLowerCase();
  let key = raw.normalize('NFKC').toLowerCase().replace(INVISIBLE, '');
  if (ARABIC.test(key)) {
    key = key
      .replace(TASHKEEL, '')
      .replace(/[\u0622\u0623\u0625\u0671-\u0673]/g, '\u0627')
      .replace(/[\u0649\u06cc]/g, '\u064a')
      .replace(/\u0629/g, '\u0647');
  }
  return key;
}

/** A word's term from its stop key (see `Word.term`). */
function termOf(key: string): string {
  if (ASCII.test(key)) return foldPlural(key);
  let term = key;
  if (LATIN_MARKED.test(term)) {
    term = term.normalize('NFD').replace(LATIN_MARKS, '$1').normalize('NFC');
  }
  term = term.replace(LATIN_SPECIAL, (c) => LATIN_LETTERS[c] ?? c).replace(NATIVE_DIGITS, nativeDigit);
  if (term.includes('ς')) term = term.replace(/ς/g, 'σ');
  if (ARABIC.test(term)) {
    // Light stemming of the article (as Larkey's light10): at least 2 letters stay.
    const article = ARTICLES.find((prefix) => term.startsWith(prefix) && term.length - prefix.length >= 2);
    if (article) term = term.slice(article.length);
  }
  return foldPlural(term);
}

function nativeDigit(digit: string): string {
  const code = digit.charCodeAt(0);
  let zero = DIGIT_ZEROS[0]!;
  for (const candidate of DIGIT_ZEROS) if (candidate <= code) zero = candidate;
  return String(code - zero);
}

/** The shipped languages' bits in the stopword table. */
const EN = 1;
const DE = 2;
const ES = 4;
const FR = 8;
const OTHER = 16;

// Curated, not exhaustive: the words that split a review's phrases (articles, pronouns, auxiliaries,
// prepositions, conjunctions, intensifiers, the common verbs of a visit), with the spellings people type
// without accents. Contraction halves (`don`, `t`, `l`, `qu`) are here because an apostrophe splits words.
const STOPWORDS: readonly (readonly [number, string])[] = [
  [
    EN,
    `a about above absolutely actually after again against ago all almost along already also although always
    am among an and another any anybody anyone anything anyway are aren around as at ate away back be became
    because become been before being below between both but by came can cannot cant come comes coming could
    couldn couldnt d definitely did didn didnt do does doesn doesnt doing don dont done down during each
    either else enough etc even ever every everybody everyone everything extremely few first for found from
    further get gets getting go goes going gone got gotten had hadn has hasn have haven having he her here
    hers herself highly him himself his how however i if im in into is isn isnt it its itself ive just last
    least less let lets little ll lot lots m made make makes many may maybe me might more most mostly much
    must mustn my myself neither never next no nor not nothing now o of off often oh ok okay on once one
    only onto or other others our ours ourselves out over own per perhaps quite rather re really s said
    same say several shall she should shouldn since so some somebody someone something sometimes somewhat
    still such sure t than that thats the their theirs them themselves then there theres these they thing
    things this those though through thus to too took totally toward towards tried truly try trying under
    until up upon us ve very via was wasn wasnt way we well went were weren what whatever when where whether
    which while who whom whose why will with within without won wont would wouldn wouldnt y yet you youre
    your yours yourself yourselves like liked likes tasted tastes seemed seems felt
    feel feels looked looks look used use sort nobody sadly unfortunately honestly probably usually arrived
    asked paid ordered waited wanted needed visited left spent two three four five six seven eight nine ten`,
  ],
  [
    DE,
    `aber alle allem allen aller alles als also am an andere anderen auch auf aus bei beim bin bis bist
    bisschen bzw da dabei damit dann das dass daß davon dazu dein deine dem den denn der des dich die dies
    diese diesem diesen dieser dieses dir doch dort du durch echt eher ein eine einem einen einer eines
    einfach einmal er es etwa etwas euch euer eure für fur gab ganz gar gegen gewesen gibt hab habe haben
    hatte hatten hier hin ich ihm ihn ihnen ihr ihre im immer in ins ist ja jede jedem jeden jeder jedes
    jetzt kann kein keine keinem keinen können konnen konnte könnte konnten leider mal mehr mein meine
    meinem meinen meiner mich mir mit muss musste nach nicht nichts noch nun nur ob oder ohne schon sehr
    sein seine seinem seinen seiner selbst sich sie sind so sogar soll sollte sondern sowie über uber um und
    uns unser unsere unter usw viel viele vom von vor war waren warst was weil welche welcher wenn wer werde
    werden wie wieder wir wird wirklich wo wurde wurden würde wäre zu zum zur zwar ging kommen kam
    komme früher schmeckte zwei drei vier fünf zehn obwohl unseren unserem unserer`,
  ],
  [
    ES,
    `a al algo alguna algunas alguno algunos ante antes aquí aqui así asi aunque bastante cada casi como cómo
    contra cual cuál cuando cuándo de del desde donde dónde durante e el él ella ellas ellos en entre eran
    eres es esa esas ese eso esos esta está están estaba estaban estamos estar estas estás este esto estos
    estoy estuvo fue fueron fui ha había habia han has hasta he hemos hizo hace hacen la las le les lo los
    mas más me mi mis mismo mucho mucha muchos muchas muy nada ni no nos nosotros o os otra otras otro otros
    para pero poco por porque qué que quien quién se sea ser si sí siempre sobre sólo sus su también
    tambien tanto te tenemos tengo tiene tienen todo toda todos todas tu tú tus un una uno unos unas vez
    veces y ya yo volveré volvere volveremos volver dos tres cuatro cinco diez ninguna ninguno ningún`,
  ],
  [
    FR,
    `à a ai ainsi alors as au aucun aussi autre autres aux avais avait avec avez avoir avons beaucoup bien c
    ça ca ce ceci cela celle celui ces cet cette chaque chez comme comment d dans de déjà deja des donc dont
    du elle elles en encore est et été ete étaient etaient était etait être etre eu fait faire fois font il
    ils j je jusqu l la là le les leur leurs lorsqu lui m ma mais me même meme mes moi moins mon n ne ni nos
    notre nous on ont ou où par parce pas peu peut plus pour pourtant puis puisqu qu quand que quel quelle
    quelque quelques qui s sa sans se sera ses si sont sous suis sur t ta te tes toi ton toujours tous tout
    toute toutes très tres trop tu un une vos votre vous vraiment y aucune contrairement reviendrai
    reviendrons revenir deux trois quatre cinq dix`,
  ],
  [
    OTHER,
    // Arabic (written as people type it; normalised like the text).
    `في من على علي إلى الى عن مع هذا هذه ذلك تلك التي الذي الذين كان كانت يكون و ف ب ل ما لا لم لن قد هو هي
    هم هن انا أنا نحن انت أنت كل بعض او أو ثم حتى عند جدا جداً كثير كثيرا لكن ولكن اللي هناك هنا أيضا ايضا
    إن ان أن إذا اذا كما فيه فيها به بها له لها عليه عليها منه منها لقد وقد وكان وهو وهي ولا يا مرة أخرى
    اخرى ليس ليست توجد يوجد طلبت للأسف أعود اعود المرة
    ` +
      // Japanese particles and auxiliaries, as the segmenter cuts them (one-hiragana words are all stopwords).
      `です でした でし ます ました まし ません ない なかっ なく た て って いる ある あり おり なる する し
    した して され られ れる こと もの ため よう これ それ あれ この その あの ここ そこ から まで より
    という など けど けれど でも また とても すごく 本当 さん 私 僕 たい たく ので のに だけ しか しく
    いま ござい ございます くれ いただき ちょっと やはり やっぱり 思い 思います 来 方 せん ませ ありま
    あります ありません もう もの ものの 行 行き 行っ 少し 全然 まあ 他 てい なり
    ` +
      // Chinese function words.
      `的 了 是 在 和 与 及 也 都 就 很 非常 太 我 我们 你 你们 他 她 它 他们 这 那 这个 那个 这里 那里 有 没有
    没 不 吗 呢 吧 啊 呀 还 又 个 一个 着 过 被 把 给 对 或 但 但是 而 所以 因为 如果 比较 挺 会 要 能 可以
    去 来 到 说 让 得 地 之 其 等 些 一些 一点 真 真的 特别 觉得
    ` +
      // Thai function words and polite particles.
      `ที่ และ เป็น ของ ใน มี ไม่ ได้ จะ ก็ ว่า ให้ กับ แต่ นี้ นั้น ครับ ค่ะ คะ นะ จ้า มาก ไป มา อยู่ คือ หรือ
    แล้ว ด้วย เลย กว่า จาก โดย ถ้า เพราะ ซึ่ง อีก ยัง ทุก เรา ผม ฉัน คุณ เขา การ ความ ค่อนข้าง`,
  ],
];

/**
 * Stopwords of one language that are things in another (`car` is a French "because" and an English car):
 * a stopword only in a text whose unambiguous stopwords say it is in one of these languages.
 */
const AMBIGUOUS_STOPWORDS: readonly (readonly [number, string])[] = [
  [DE, 'hat man'],
  [ES, 'con sin tan solo hay era'],
  [ES | FR, 'son'],
  [FR, 'car pour'],
];

let stopTable: Map<string, number> | undefined;
let ambiguousTable: Map<string, number> | undefined;
const stopwordTable = () => (stopTable ??= table(STOPWORDS));
const ambiguousStopwordTable = () => (ambiguousTable ??= table(AMBIGUOUS_STOPWORDS));

function table(lists: readonly (readonly [number, string])[]): Map<string, number> {
  const result = new Map<string, number>();
  for (const [languages, list] of lists) {
    for (const word of list.split(/\s+/)) {
      if (word) result.set(stopKey(word), (result.get(stopKey(word)) ?? 0) | languages);
    }
  }
  return result;
}

let segmenter: Intl.Segmenter | undefined;

/**
 * The words of a text, in order. A text without CJK/Thai/Lao/Khmer/Myanmar characters is split by a plain
 * regular expression; one with such characters by `Intl.Segmenter` (one, made on first use). Numbers count
 * as words (their term is the digits).
 */
export function words(text: string): Word[] {
  return read(text).found;
}

/** `words`, with each word's stop key. */
function read(text: string): { found: Word[]; keys: string[] } {
  const found: Word[] = [];
  const keys: string[] = [];
  if (!text) return { found, keys };
  if (COMPLEX.test(text) && typeof Intl.Segmenter === 'function') {
    segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
    for (const { segment, index, isWordLike } of segmenter.segment(text)) {
      if (!isWordLike) continue;
      if (COMPLEX.test(segment)) {
        addWord(found, keys, text, index, index + segment.length);
      } else {
        splitWords(found, keys, text, segment, index);
      }
    }
  } else {
    splitWords(found, keys, text, text, 0);
  }
  markStopwords(found, keys);
  return { found, keys };
}

/** The regular expression's words of `part`, a slice of `text` that starts at `offset`. */
function splitWords(found: Word[], keys: string[], text: string, part: string, offset: number): void {
  const ascii = ASCII.test(part);
  const pattern = ascii ? ASCII_WORD : WORD;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(part); match; match = pattern.exec(part)) {
    const start = offset + match.index;
    const end = start + match[0].length;
    if (ascii) {
      const surface = match[0].toLowerCase();
      push(found, text, surface, foldPlural(surface), start, end);
      keys.push(surface);
    } else {
      addWord(found, keys, text, start, end);
    }
  }
}

// A word outside ASCII costs a few normalisations; the same words come back in every review. Cleared when
// full (the forms depend on the word alone).
const normalised = new Map<string, readonly [key: string, term: string, surface: string]>();
const NORMALISED_MAX = 50_000;

function addWord(found: Word[], keys: string[], text: string, start: number, end: number): void {
  const raw = text.slice(start, end);
  let forms = normalised.get(raw);
  if (!forms) {
    const key = stopKey(raw);
    forms = [key, termOf(key), raw.toLowerCase()];
    if (normalised.size >= NORMALISED_MAX) normalised.clear();
    normalised.set(raw, forms);
  }
  push(found, text, forms[2], forms[1], start, end);
  keys.push(forms[0]);
}

function push(found: Word[], text: string, surface: string, term: string, start: number, end: number): void {
  const previous = found[found.length - 1];
  found.push({
    term,
    surface,
    stop: false,
    afterBreak: !previous || !joined(text, previous.end, start),
    start,
    end,
  });
}

/** Whether nothing but spaces, or one joining hyphen or apostrophe, lies between two words. */
function joined(text: string, from: number, to: number): boolean {
  if (to - from === 1) {
    const c = text.charCodeAt(from);
    // - ‐ ‑ ' ’
    if (c === 0x2d || c === 0x2010 || c === 0x2011 || c === 0x27 || c === 0x2019) return true;
  }
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    const space =
      c === 0x20 ||
      c === 0x09 ||
      c === 0xa0 ||
      (c >= 0x2000 && c <= 0x200b) ||
      c === 0x202f ||
      c === 0x205f ||
      c === 0x2060 ||
      c === 0x3000 ||
      c === 0xfeff;
    if (!space) return false;
  }
  return true;
}

/** Marks the stopwords of one text's words (an ambiguous one by the text's language, see above). */
function markStopwords(found: Word[], keys: readonly string[]): void {
  const stops = stopwordTable();
  const ambiguous = ambiguousStopwordTable();
  // Votes for en, de, es, fr: each unambiguous stopword votes for its languages.
  let en = 0;
  let de = 0;
  let es = 0;
  let fr = 0;
  let pending = false;
  for (let i = 0; i < found.length; i++) {
    const key = keys[i]!;
    const languages = stops.get(key);
    if (languages !== undefined) {
      found[i]!.stop = true;
      if (languages & EN) en++;
      if (languages & DE) de++;
      if (languages & ES) es++;
      if (languages & FR) fr++;
    } else if (key.length === 1 && HIRAGANA.test(key)) {
      found[i]!.stop = true;
    } else if (ambiguous.has(key)) {
      pending = true;
    }
  }
  if (!pending) return;
  const most = Math.max(en, de, es, fr);
  if (most === 0) return;
  const language =
    (en === most ? EN : 0) | (de === most ? DE : 0) | (es === most ? ES : 0) | (fr === most ? FR : 0);
  for (let i = 0; i < found.length; i++) {
    if ((ambiguous.get(keys[i]!) ?? 0) & language) found[i]!.stop = true;
  }
}

interface Run {
  start: number;
  /** Its characters after NFKC (code points). */
  chars: string[];
}

/** The runs of CJK characters of a text. */
function cjkRuns(text: string): Run[] {
  const runs: Run[] = [];
  if (!HAS_CJK.test(text)) return runs;
  CJK_RUN.lastIndex = 0;
  for (let match = CJK_RUN.exec(text); match; match = CJK_RUN.exec(text)) {
    runs.push({ start: match.index, chars: Array.from(match[0].normalize('NFKC')) });
  }
  return runs;
}

function bigrams(chars: readonly string[], into: string[]): void {
  for (let i = 0; i + 1 < chars.length; i++) into.push(CJK_MARKER + chars[i] + chars[i + 1]);
}

/**
 * The terms a text is indexed under for search: each non-stop word's term (every occurrence, in order; an
 * ambiguous stopword such as `car` or `con` too, see above),
 * then, for every run of CJK (Han/Hiragana/Katakana/Hangul) characters, its character bigrams and its last
 * character alone, prefixed with `CJK_MARKER` ('\u0002シナ'): a run of one character gives that character,
 * and every character of a run begins one of its terms (see `QueryTerm.loose`). Thai, Lao, Khmer and
 * Myanmar have the segmenter's words only.
 */
export function indexTerms(text: string): string[] {
  const terms: string[] = [];
  const { found, keys } = read(text);
  const ambiguous = ambiguousStopwordTable();
  // A stopword that is a thing in another language is indexed all the same: a query is too short to say
  // which language it is in ("car wash", "café con leche").
  found.forEach((word, i) => {
    if (!word.stop || ambiguous.has(keys[i]!)) terms.push(word.term);
  });
  for (const { chars } of cjkRuns(text)) {
    bigrams(chars, terms);
    terms.push(CJK_MARKER + chars[chars.length - 1]);
  }
  return terms;
}

/**
 * A visitor's query as terms, normalised exactly as `indexTerms` normalises text: stopwords dropped unless
 * the query is nothing but stopwords (then kept); CJK runs become their bigrams (exact), a run of one
 * character that character (loose, for its prefix); no duplicates; in the query's order.
 */
export function queryTerms(q: string): QueryTerm[] {
  const list = words(q);
  const onlyStopwords = list.every((word) => word.stop);
  const runs = cjkRuns(q);
  const found: QueryTerm[] = [];
  const seen = new Set<string>();
  const add = (term: string, loose: boolean) => {
    if (seen.has(term)) return;
    seen.add(term);
    found.push({ term, loose });
  };
  const addRun = ({ chars }: Run) => {
    if (chars.length === 1) return add(CJK_MARKER + chars[0], true);
    const terms: string[] = [];
    bigrams(chars, terms);
    for (const term of terms) add(term, false);
  };
  let next = 0;
  for (const word of list) {
    for (; next < runs.length && runs[next]!.start <= word.start; next++) addRun(runs[next]!);
    // A CJK word is in its run's bigrams.
    if (HAS_CJK.test(word.surface)) continue;
    if (!word.stop || onlyStopwords) add(word.term, true);
  }
  for (; next < runs.length; next++) addRun(runs[next]!);
  return found;
}

/**
 * An owner's phrase (EXCLUDE_KEYWORDS, TOPICS_HIDDEN, TOPIC_SYNONYMS entries) as the term sequence it
 * matches: every word's term, stopwords kept.
 */
export function phraseTerms(phrase: string): string[] {
  return words(phrase).map((word) => word.term);
}

/**
 * Whether `text` contains `phrase` (from `phraseTerms`) as consecutive words with no break between them
 * (comparing terms), anywhere. A phrase with CJK characters also matches when its normalised characters
 * appear in the text's (the segmenter may cut the phrase and the text differently).
 */
export function mentions(text: string, phrase: readonly string[]): boolean {
  return mentionsIn(words(text), phrase);
}

/** `mentions`, for a text's words already read. */
export function mentionsIn(list: readonly Word[], phrase: readonly string[]): boolean {
  const n = phrase.length;
  if (n === 0) return false;
  for (let i = 0; i + n <= list.length; i++) {
    let j = 0;
    while (j < n && list[i + j]!.term === phrase[j] && (j === 0 || !list[i + j]!.afterBreak)) j++;
    if (j === n) return true;
  }
  if (!phrase.some((term) => HAS_CJK.test(term))) return false;
  const joinedPhrase = joinTerms(phrase.map((term) => ({ term, afterBreak: false })));
  return joinedPhrase !== '' && joinTerms(list).includes(joinedPhrase);
}

/**
 * Terms as one string for a substring match: no space next to a CJK term, a space between others, and a
 * separator no term has at a break.
 */
function joinTerms(list: readonly Pick<Word, 'term' | 'afterBreak'>[]): string {
  let result = '';
  let previousCjk = false;
  list.forEach(({ term, afterBreak }, i) => {
    const cjk = HAS_CJK.test(term);
    if (i > 0) result += afterBreak ? '\u0001' : cjk || previousCjk ? '' : ' ';
    result += term;
    previousCjk = cjk;
  });
  return result;
}
