/**
 * Phrase banks of the sample business (a bakery-café) and the few functions that combine them into review
 * texts, post texts and people. Texts are assembled from an opener, a few details and a closer in the
 * reviewer's language, so 250 reviews read differently without a giant literal file.
 */
import type { Random } from './random.ts';

export const LANGUAGES = ['en', 'de', 'fr', 'es', 'ar', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

export type Tone = 'positive' | 'mixed' | 'negative';

/** 4–5★ read positive, 3★ mixed, 1–2★ negative. */
export function toneOf(rating: number): Tone {
  return rating >= 4 ? 'positive' : rating === 3 ? 'mixed' : 'negative';
}

interface ToneBank {
  /** Whole one-liners ("Great!"). */
  short: readonly string[];
  openers: readonly string[];
  details: readonly string[];
  closers: readonly string[];
}

/** A person's name as written in the language, and a Latin transliteration for the username. */
type Name = readonly [native: string, latin: string];

interface LanguageBank {
  /** Between sentences: a space, or nothing for Japanese. */
  separator: string;
  tones: Record<Tone, ToneBank>;
  firstNames: readonly Name[];
  lastNames: readonly Name[];
}

/** Filled into English `{item}` slots. */
const ITEMS = [
  'almond croissant',
  'sourdough loaf',
  'cinnamon bun',
  'lemon tart',
  'cardamom knot',
  'pain au chocolat',
  'banana bread',
  'carrot cake',
  'sausage roll',
  'brownie',
] as const;

const latin = (...names: string[]): Name[] => names.map((name) => [name, name] as const);

const BANKS: Record<Language, LanguageBank> = {
  en: {
    separator: ' ',
    tones: {
      positive: {
        short: ['Great!', 'Delicious.', 'Love it!', 'Perfect coffee.', 'Yum!', 'Best buns in town.'],
        openers: [
          'Absolutely love this place.',
          'Best bakery in town, hands down.',
          'Our new Saturday-morning ritual.',
          'What a find!',
          'Consistently excellent.',
          "Popped in on a whim and I'm so glad I did.",
          'Five stars without a second thought.',
          'A proper neighbourhood gem.',
        ],
        details: [
          'The {item} was still warm from the oven.',
          'The {item} is worth the queue on its own.',
          'Staff remembered my order after two visits.',
          "The oat flat white is the best I've had in years.",
          'Portions are generous and prices are fair for the quality.',
          'The pastry on the {item} shatters exactly the way it should.',
          "It's bright and cosy inside, with plenty of seats by the window.",
          'They had two gluten-free options that actually tasted great.',
          'My kids are obsessed with the {item}.',
          'Everything is baked on site and you can tell.',
          'Service was quick even though it was packed.',
          'They happily cut a {item} in half so we could both try it.',
        ],
        closers: [
          "Can't wait to come back.",
          'Highly recommend!',
          'See you next weekend!',
          'Go early, the {item} sells out.',
          'Ten out of ten.',
        ],
      },
      mixed: {
        short: ['OK.', 'Fine, nothing special.', 'Decent.'],
        openers: [
          'Good, but not quite great.',
          'Decent spot, mixed visit.',
          'Some hits, some misses.',
          'It was fine.',
        ],
        details: [
          'The {item} was lovely but the coffee was lukewarm.',
          'Expect a long wait on weekends.',
          'Seating is tight when it gets busy.',
          'Prices have crept up lately.',
          "The {item} was a bit dry this time, though it's usually great.",
          'Friendly staff, but the order took a while.',
          'The music was a little loud for a quiet coffee.',
        ],
        closers: [
          'Would probably try again on a weekday.',
          "Worth a visit if you're nearby.",
          'Three stars for now.',
        ],
      },
      negative: {
        short: ['Disappointing.', 'Too slow.', 'Meh.', 'Not worth it.'],
        openers: [
          'Really disappointed.',
          'Not what it used to be.',
          "Wouldn't recommend, sadly.",
          'Went in with high hopes.',
        ],
        details: [
          'We waited 25 minutes for two coffees.',
          'The {item} tasted like it was from yesterday.',
          'Staff seemed uninterested and got our order wrong.',
          'Tables were sticky and nobody cleared them.',
          'We were charged for oat milk twice and nobody would fix it.',
          'They had run out of almost everything by 11am.',
          'The {item} was burnt on the bottom.',
        ],
        closers: ["Won't be going back.", 'Hope they sort it out.', 'Save your money.'],
      },
    },
    firstNames: latin(
      'Emma',
      'Oliver',
      'Amelia',
      'Jack',
      'Sophie',
      'Harry',
      'Priya',
      'Liam',
      'Chloe',
      'Noah',
      'Grace',
      'Daniel',
      'Mia',
      'Samuel',
      'Ava',
      'Ethan',
      'Zoë',
      'Siobhán',
    ),
    lastNames: latin(
      'Walker',
      'Hughes',
      'Patel',
      "O'Brien",
      'Bennett',
      'Clarke',
      'Nguyen',
      'Murphy',
      'Fletcher',
      'Okafor',
      'Kowalski',
    ),
  },
  de: {
    separator: ' ',
    tones: {
      positive: {
        short: ['Super!', 'Lecker!', 'Top!'],
        openers: ['Einfach großartig!', 'Die beste Bäckerei weit und breit.', 'Ein echter Geheimtipp.'],
        details: [
          'Die Croissants sind knusprig und buttrig.',
          'Der Kaffee ist kräftig und genau richtig temperiert.',
          'Das Personal ist herzlich und sehr aufmerksam.',
          'Die Zimtschnecken sind ein Traum.',
          'Gemütliche Atmosphäre, man fühlt sich sofort wohl.',
        ],
        closers: ['Wir kommen garantiert wieder.', 'Absolute Empfehlung!'],
      },
      mixed: {
        short: ['Geht so.'],
        openers: ['Ganz okay.', 'Licht und Schatten.'],
        details: [
          'Das Brot war gut, aber der Kaffee lauwarm.',
          'Am Wochenende muss man lange warten.',
          'Etwas teuer für die Portionsgröße.',
        ],
        closers: ['Vielleicht versuchen wir es noch einmal.'],
      },
      negative: {
        short: ['Schade.', 'Enttäuschend.'],
        openers: ['Leider enttäuschend.', 'Das war nichts.'],
        details: [
          'Wir haben über zwanzig Minuten auf unseren Kaffee gewartet.',
          'Das Gebäck war trocken und nicht frisch.',
          'Die Bedienung war unfreundlich.',
        ],
        closers: ['Nicht zu empfehlen.'],
      },
    },
    firstNames: latin('Lukas', 'Anna', 'Jürgen', 'Lena', 'Felix', 'Sabine'),
    lastNames: latin('Müller', 'Schmidt', 'Weiß', 'Fischer', 'Becker', 'Groß'),
  },
  fr: {
    separator: ' ',
    tones: {
      positive: {
        short: ['Parfait !', 'Délicieux !'],
        openers: ['Un vrai coup de cœur !', 'Meilleure boulangerie du quartier.'],
        details: [
          'Les croissants sont feuilletés à la perfection.',
          'Le café est excellent et le personnel adorable.',
          "L'ambiance est chaleureuse et lumineuse.",
          'La tarte au citron est à tomber.',
        ],
        closers: ['Je reviendrai sans hésiter.', 'Je recommande vivement !'],
      },
      mixed: {
        short: ['Bof.'],
        openers: ['Correct, sans plus.'],
        details: [
          'Bonnes viennoiseries, mais un service un peu lent.',
          "C'est un peu cher pour ce que c'est.",
        ],
        closers: ['À retester en semaine.'],
      },
      negative: {
        short: ['Décevant.'],
        openers: ['Très déçu.'],
        details: ['Le pain était rassis et le café froid.', 'Personnel peu aimable et longue attente.'],
        closers: ['Je ne reviendrai pas.'],
      },
    },
    firstNames: latin('Camille', 'Léa', 'Étienne', 'Chloé', 'Hugo'),
    lastNames: latin('Dubois', 'Martin', 'Lefèvre', 'Bernard', 'Moreau'),
  },
  es: {
    separator: ' ',
    tones: {
      positive: {
        short: ['¡Buenísimo!', '¡Excelente!'],
        openers: ['¡Una maravilla!', 'La mejor panadería de la zona.'],
        details: [
          'Los cruasanes están crujientes y recién hechos.',
          'El café es buenísimo y el personal muy amable.',
          'El local es acogedor y luminoso.',
          'La tarta de zanahoria es espectacular.',
        ],
        closers: ['¡Volveremos seguro!', 'Muy recomendable.'],
      },
      mixed: {
        short: ['Regular.'],
        openers: ['Está bien, sin más.'],
        details: [
          'Buenos dulces, pero el servicio fue lento.',
          'Un poco caro para el tamaño de las porciones.',
        ],
        closers: ['Quizás vuelva entre semana.'],
      },
      negative: {
        short: ['Malo.'],
        openers: ['Muy decepcionante.'],
        details: ['Esperamos casi media hora por dos cafés.', 'La bollería no estaba fresca.'],
        closers: ['No volveré.'],
      },
    },
    firstNames: latin('Lucía', 'Javier', 'Sofía', 'Mateo', 'Inés'),
    lastNames: latin('García', 'Fernández', 'Martínez', 'López', 'Núñez'),
  },
  ar: {
    separator: ' ',
    tones: {
      positive: {
        short: ['رائع!', 'لذيذ جداً'],
        openers: ['مكان رائع!', 'أفضل مخبز في المدينة.'],
        details: [
          'الكرواسون طازج ومقرمش.',
          'القهوة ممتازة والموظفون لطفاء جداً.',
          'الأجواء دافئة ومريحة.',
          'كعكة الجزر لذيذة جداً.',
        ],
        closers: ['سأعود بالتأكيد.', 'أنصح به بشدة!'],
      },
      mixed: {
        short: ['مقبول.'],
        openers: ['جيد لكن ليس ممتازاً.'],
        details: ['المعجنات جيدة لكن الخدمة بطيئة.', 'الأسعار مرتفعة قليلاً.'],
        closers: ['ربما أجربه مرة أخرى.'],
      },
      negative: {
        short: ['سيء.'],
        openers: ['تجربة مخيبة للآمال.'],
        details: ['انتظرنا أكثر من عشرين دقيقة.', 'الخبز لم يكن طازجاً.'],
        closers: ['لن أعود مرة أخرى.'],
      },
    },
    firstNames: [
      ['محمد', 'Mohammed'],
      ['فاطمة', 'Fatima'],
      ['أحمد', 'Ahmed'],
      ['ليلى', 'Layla'],
      ['يوسف', 'Youssef'],
    ],
    lastNames: [
      ['العلي', 'Al-Ali'],
      ['حسن', 'Hassan'],
      ['منصور', 'Mansour'],
      ['خليل', 'Khalil'],
    ],
  },
  ja: {
    separator: '',
    tones: {
      positive: {
        short: ['最高！', '美味しい！'],
        openers: ['最高のパン屋さんです！', 'とても素敵なカフェでした。'],
        details: [
          'クロワッサンがサクサクで美味しかったです。',
          'コーヒーも香りが良く、スタッフの方も親切でした。',
          '店内は明るくて居心地が良いです。',
          'シナモンロールが絶品です。',
        ],
        closers: ['また必ず来ます。', 'おすすめです！'],
      },
      mixed: {
        short: ['普通です。'],
        openers: ['まあまあでした。'],
        details: ['パンは美味しいですが、待ち時間が長いです。', '少し値段が高めです。'],
        closers: ['平日にまた試してみます。'],
      },
      negative: {
        short: ['がっかり。'],
        openers: ['残念でした。'],
        details: ['コーヒーが冷めていました。', '店員さんの対応が良くなかったです。'],
        closers: ['もう行かないと思います。'],
      },
    },
    // Family name first, as written in Japanese.
    firstNames: [
      ['佐藤', 'Sato'],
      ['鈴木', 'Suzuki'],
      ['高橋', 'Takahashi'],
      ['田中', 'Tanaka'],
    ],
    lastNames: [
      ['花子', 'Hanako'],
      ['一郎', 'Ichiro'],
      ['美咲', 'Misaki'],
      ['健太', 'Kenta'],
    ],
  },
};

/**
 * Long-form sentences for the few very long English reviews (several paragraphs, > 1500 characters):
 * the regular who writes an essay, in love or in anger.
 */
const STORY: Record<'positive' | 'negative', readonly string[]> = {
  positive: [
    'I have been coming here since they opened, back when there were only three tables and a chalkboard menu, and it has been a genuine pleasure to watch the place grow without losing what made it special.',
    'On weekday mornings the light comes through the big front windows and the whole room smells of butter and coffee, which is honestly reason enough to visit.',
    'The team clearly cares about what they make: the bread has a deep, crackly crust and an open crumb, and the pastries are laminated by hand in the back kitchen.',
    'A special mention for the person behind the counter on Tuesday who walked my elderly mother to a table and brought everything over without being asked.',
    'If I had to pick one thing, it would be the {item}; I have tried to recreate it at home twice and failed both times.',
    'Prices are not the cheapest on the high street, but given the ingredients and the care that goes into everything, I think they are more than fair.',
    'They also do a small selection of savoury things at lunchtime, and the soup of the day with a thick slice of sourdough has rescued many a rainy afternoon.',
    'Dogs are welcome, there is a water bowl by the door, and the staff keep a jar of biscuits behind the counter for four-legged visitors.',
  ],
  negative: [
    'I want to start by saying that I have been a regular for over a year, so this review is not written lightly, and I really hope the owners read it.',
    'We arrived at half past nine on a Saturday, queued for about fifteen minutes, and were then told that the card machine was down and they could only take cash.',
    'When the food finally arrived, the {item} was cold in the middle and the coffee had clearly been sitting on the counter for a while.',
    'I mentioned it politely to the staff member at the till, who shrugged and said that it was a busy morning and there was nothing they could do.',
    'The table next to us had the same problem, and we watched them send back a plate of eggs that had obviously been forgotten under the heat lamp.',
    'To make matters worse, the table we were given was wobbly, the window next to it did not close properly, and there was a cold draught the whole time we sat there.',
    'By the time we left it was nearly eleven, we had spent more than thirty pounds on breakfast for two, and neither of us had enjoyed a single thing we ordered.',
    'I sent an email through the website afterwards with photos and the receipt attached, but two weeks later I am still waiting for any kind of reply.',
    'It is a shame, because the setting is lovely and the quality used to be excellent; something seems to have changed since the new management took over.',
    'I will probably give it another go in a few months, but for now I cannot recommend it to friends the way I used to.',
  ],
};

/** Appended to some texts; includes a skin-tone modifier and a ZWJ sequence to exercise grapheme handling. */
const EMOJI: Record<Tone, readonly string[]> = {
  positive: ['🥐', '☕️', '😍', '❤️', '👍🏽', '🎂', '👨‍👩‍👧'],
  mixed: ['🤷', '😐'],
  negative: ['😞', '👎', '🙁'],
};

/** The smallest length of a "very long" review. */
export const LONG_REVIEW_MIN_CHARS = 1500;

function fill(rng: Random, template: string): string {
  return template.replaceAll('{item}', () => rng.pick(ITEMS));
}

/** A one-liner such as "Great!" or "がっかり。". */
export function shortReview(rng: Random, language: Language, tone: Tone): string {
  return rng.pick(BANKS[language].tones[tone].short);
}

/** An everyday review: an opener, one to three details, usually a closer. */
export function normalReview(rng: Random, language: Language, tone: Tone): string {
  const bank = BANKS[language].tones[tone];
  const sentences = [
    rng.pick(bank.openers),
    ...rng.sample(bank.details, rng.int(1, 3)),
    ...(rng.chance(0.7) ? [rng.pick(bank.closers)] : []),
  ];
  return sentences.map((sentence) => fill(rng, sentence)).join(BANKS[language].separator);
}

/**
 * A very long English review: every story sentence and detail of the tone, shuffled into paragraphs of
 * two to four sentences separated by blank lines.
 */
export function longReview(rng: Random, tone: 'positive' | 'negative'): string {
  const bank = BANKS.en.tones[tone];
  const body = rng.shuffle([...STORY[tone], ...bank.details]).map((sentence) => fill(rng, sentence));
  const paragraphs = [rng.pick(bank.openers)];
  while (body.length) paragraphs.push(body.splice(0, rng.int(2, 4)).join(' '));
  paragraphs.push(fill(rng, rng.pick(bank.closers)));
  return paragraphs.join('\n\n');
}

export function withEmoji(rng: Random, text: string, tone: Tone): string {
  return `${text} ${rng.pick(EMOJI[tone])}`;
}

export interface Person {
  name: string;
  username: string;
}

/** A reviewer with a name in their language and an ASCII username derived from its transliteration. */
export function person(rng: Random, language: Language): Person {
  const { firstNames, lastNames } = BANKS[language];
  const [first, firstLatin] = rng.pick(firstNames);
  const [last, lastLatin] = rng.pick(lastNames);
  // Japanese names are written family name first; the banks already hold them in that order.
  const name = `${first} ${last}`;
  const slug = `${firstLatin}.${lastLatin}`
    .normalize('NFD')
    .replace(/[^A-Za-z.-]/g, '')
    .toLowerCase();
  return { name, username: `${slug}${rng.int(1, 999)}` };
}

/** The things a photo can show; each has a drawing in media.ts. */
export const SUBJECTS = ['croissant', 'coffee', 'cake', 'loaf', 'donut', 'cookie'] as const;
export type Subject = (typeof SUBJECTS)[number];

const POST_HEADLINES = [
  'Fresh out of the oven: the {item} is back on the counter this week!',
  'New on the menu: {item}. Tell us what you think!',
  'Weekend special: buy a sourdough loaf and your first coffee is on us until 10am.',
  "We're hiring! We're looking for an early-bird baker to join the team. Pop in and say hello.",
  'Our sourdough starter turned five today. Thank you for every loaf you have taken home.',
  'Meet our suppliers: the milk in your flat white comes from a family farm twelve miles away.',
  'Autumn is here, and so is the pumpkin and cardamom knot.',
  'Heads-up: we are closed on Monday for a staff training day. See you on Tuesday!',
  'Behind the scenes: laminating 400 croissants starts at 4am.',
  'Thank you, Brightwater, for another lovely year of early mornings and good coffee.',
] as const;

const POST_FOLLOW_UPS = [
  'Come early, they go fast.',
  'Vegan and gluten-free options every day.',
  'Tag us in your photos!',
  'Open 7am to 5pm, seven days a week.',
  '',
] as const;

const POST_EMOJI = ['🥐', '☕', '🎉', '❤️', '🍂', ''] as const;

/** A short business post: a headline, sometimes a follow-up line, an emoji and the usual hashtags. */
export function postText(rng: Random): string {
  const parts = [fill(rng, rng.pick(POST_HEADLINES)), rng.pick(POST_FOLLOW_UPS), rng.pick(POST_EMOJI)];
  return `${parts.filter(Boolean).join(' ')}\n\n#bakery #brightwater #kettleandcrumb`;
}
