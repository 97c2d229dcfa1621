/**
 * Phrase banks of the sample business (a bakery-café) and the few functions that combine them into review
 * texts, post texts and people. Texts are assembled from an opener, a few details and a closer in the
 * reviewer's language, with the language's own bakes and drinks in their slots, so thousands of reviews
 * read differently without a giant literal file, and still come back to the same things, as real ones do.
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
  /**
   * The named bakes, as the language says them, the favourites first (they come up most), filled into
   * `{item}` slots (`{Item}`: capitalised, at the start of a sentence). Where the language has articles each item carries its own, in a form that reads
   * right wherever the bank puts a slot (German: feminine and neuter only, so accusative = nominative).
   */
  items: readonly string[];
  /** The coffees and other drinks, the favourites first, filled into `{drink}` (`{Drink}`) slots the same way. */
  drinks: readonly string[];
  tones: Record<Tone, ToneBank>;
  firstNames: readonly Name[];
  lastNames: readonly Name[];
}

const latin = (...names: string[]): Name[] => names.map((name) => [name, name] as const);

/*
 * What customers of a bakery-café talk about, in every language: the named bakes and the coffee, the
 * bread, the staff, the queue, the prices, the seats and the gluten-free choices. Each topic comes back in
 * several sentences and phrasings, so a topic miner counting phrases by the reviews that mention them finds
 * the same recurring ones a real business shows ("cinnamon bun", "flat white", "friendly staff",
 * "Zimtschnecke", "pain au chocolat", "café con leche", "قهوة", "シナモンロール"…).
 */
const BANKS: Record<Language, LanguageBank> = {
  en: {
    separator: ' ',
    items: [
      'cinnamon bun',
      'almond croissant',
      'sourdough loaf',
      'pain au chocolat',
      'lemon tart',
      'cardamom knot',
      'banana bread',
      'carrot cake',
      'sausage roll',
      'brownie',
      'cheese scone',
      'morning bun',
    ],
    drinks: [
      'flat white',
      'oat latte',
      'cappuccino',
      'cortado',
      'chai latte',
      'hot chocolate',
      'filter coffee',
    ],
    tones: {
      positive: {
        short: [
          'Great!',
          'Delicious.',
          'Love it!',
          'Perfect coffee.',
          'Yum!',
          'Best buns in town.',
          'Love the flat white.',
          'The buns are heaven.',
          'Coffee is superb.',
          'Cosy and delicious.',
        ],
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
          'The {drink} was spot on, smooth and not bitter at all.',
          'Friendly staff, and the queue moved much faster than it looked.',
          'Great gluten-free options, which is rare for a bakery.',
          'The sourdough loaf we took home was still good four days later.',
          'A {drink} and a {item} by the window is my idea of a perfect morning.',
          'There was a long queue out the door, but we were served within ten minutes.',
          'A coffee and a pastry for well under a tenner, which feels like a bargain these days.',
          'The staff are friendly and clearly love what they bake.',
          'Their bread is the real thing: a dark crust and a chewy, open crumb.',
        ],
        closers: [
          "Can't wait to come back.",
          'Highly recommend!',
          'See you next weekend!',
          'Go early, the {item} sells out.',
          'Ten out of ten.',
          'Try the {item} with a {drink}.',
        ],
      },
      mixed: {
        short: ['OK.', 'Fine, nothing special.', 'Decent.', 'Good, but the queue!', 'Long queue.'],
        openers: [
          'Good, but not quite great.',
          'Decent spot, mixed visit.',
          'Some hits, some misses.',
          'It was fine.',
          'Nice bakes, shame about the wait.',
        ],
        details: [
          'The {item} was lovely but the coffee was lukewarm.',
          'Expect a long wait on weekends.',
          'Seating is tight when it gets busy.',
          'Prices have crept up lately.',
          "The {item} was a bit dry this time, though it's usually great.",
          'Friendly staff, but the order took a while.',
          'The music was a little loud for a quiet coffee.',
          'Long queue at the weekend, but the {item} made up for it.',
          'Good bread, but the {drink} was far too milky.',
          'Only one gluten-free option was left when we arrived.',
          'We had to share a table, as there were hardly any seats.',
          'The {item} is pricey for the size.',
        ],
        closers: [
          'Would probably try again on a weekday.',
          "Worth a visit if you're nearby.",
          'Three stars for now.',
        ],
      },
      negative: {
        short: [
          'Disappointing.',
          'Too slow.',
          'Meh.',
          'Not worth it.',
          'The bread was stale.',
          'The staff were rude.',
        ],
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
          'The queue was long and barely moved.',
          'The {drink} was lukewarm and tasted burnt.',
          'Prices keep going up while the portions keep shrinking.',
          'No gluten-free options at all, despite what the website says.',
          'Nowhere to sit, and the staff were rude when we asked.',
          'The bread was stale and the {item} was dry.',
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
    items: [
      'die Zimtschnecke',
      'das Mandelcroissant',
      'das Sauerteigbrot',
      'die Zitronentarte',
      'das Schokocroissant',
      'das Bananenbrot',
      'die Kardamomschnecke',
      'die Karottentorte',
      'das Franzbrötchen',
      'die Nussecke',
    ],
    // Nominative only (the slots are subjects).
    drinks: [
      'der Flat White',
      'der Cappuccino',
      'der Milchkaffee',
      'der Hafer-Latte',
      'die heiße Schokolade',
      'der Filterkaffee',
    ],
    tones: {
      positive: {
        short: ['Super!', 'Lecker!', 'Top!', 'Beste Zimtschnecken!', 'Toller Kaffee.'],
        openers: [
          'Einfach großartig!',
          'Die beste Bäckerei weit und breit.',
          'Ein echter Geheimtipp.',
          'Unser neues Lieblingscafé.',
          'Jeder Besuch lohnt sich.',
        ],
        details: [
          'Die Croissants sind knusprig und buttrig.',
          'Der Kaffee ist kräftig und genau richtig temperiert.',
          'Das Personal ist herzlich und sehr aufmerksam.',
          'Die Zimtschnecken sind ein Traum.',
          'Gemütliche Atmosphäre, man fühlt sich sofort wohl.',
          '{Item} war noch warm aus dem Ofen.',
          'Allein für {item} lohnt sich der Weg.',
          '{Drink} war hervorragend, da stimmt einfach alles.',
          'Sehr freundliches Personal, und die Schlange ging schnell voran.',
          'Es gibt gleich mehrere glutenfreie Optionen, und die schmecken wirklich gut.',
          'Das Sauerteigbrot hält sich locker eine Woche.',
          'Faire Preise für diese Qualität.',
          'Am Fenster gibt es genug Sitzplätze, und niemand drängt einen.',
          'Unbedingt {item} probieren!',
          'Ein Flat White und {item} am Fenster: besser kann ein Morgen nicht anfangen.',
        ],
        closers: [
          'Wir kommen garantiert wieder.',
          'Absolute Empfehlung!',
          'Früh kommen lohnt sich, {item} ist schnell ausverkauft.',
          'Bis zum nächsten Wochenende!',
        ],
      },
      mixed: {
        short: ['Geht so.', 'Solide.'],
        openers: ['Ganz okay.', 'Licht und Schatten.', 'Gut, aber nicht überragend.'],
        details: [
          'Das Brot war gut, aber der Kaffee lauwarm.',
          'Am Wochenende muss man lange warten.',
          'Etwas teuer für die Portionsgröße.',
          '{Item} war lecker, aber {drink} nur lauwarm.',
          'Lange Schlange am Samstag, dafür freundliches Personal.',
          'Die Sitzplätze sind knapp, wenn es voll ist.',
          'Nur eine glutenfreie Option, und die war schon weg.',
          '{Item} war diesmal etwas trocken.',
          'Die Preise sind zuletzt ordentlich gestiegen.',
        ],
        closers: ['Vielleicht versuchen wir es noch einmal.', 'Unter der Woche ist es sicher entspannter.'],
      },
      negative: {
        short: ['Schade.', 'Enttäuschend.', 'Zu teuer.'],
        openers: ['Leider enttäuschend.', 'Das war nichts.', 'Leider nicht mehr wie früher.'],
        details: [
          'Wir haben über zwanzig Minuten auf unseren Kaffee gewartet.',
          'Das Gebäck war trocken und nicht frisch.',
          'Die Bedienung war unfreundlich.',
          '{Item} schmeckte wie vom Vortag.',
          'Die Schlange war ewig lang und ging kaum voran.',
          '{Drink} war lauwarm und bitter.',
          'Glutenfreie Optionen gab es keine, obwohl die Website es verspricht.',
          'Für diese Preise erwarte ich deutlich mehr.',
          'Kein einziger Sitzplatz frei, und das Personal war genervt.',
        ],
        closers: ['Nicht zu empfehlen.', 'Schade um die schöne Lage.'],
      },
    },
    firstNames: latin('Lukas', 'Anna', 'Jürgen', 'Lena', 'Felix', 'Sabine'),
    lastNames: latin('Müller', 'Schmidt', 'Weiß', 'Fischer', 'Becker', 'Groß'),
  },
  fr: {
    separator: ' ',
    items: [
      'le pain au chocolat',
      'le croissant aux amandes',
      'la tarte au citron',
      'le pain au levain',
      'le roulé à la cannelle',
      'le flan pâtissier',
      'le carrot cake',
      'le banana bread',
      "l'éclair au café",
      'le cookie aux noisettes',
    ],
    // All masculine, as the sentences around them agree.
    drinks: [
      'le café crème',
      'le flat white',
      'le cappuccino',
      "le latte au lait d'avoine",
      'le chocolat chaud',
    ],
    tones: {
      positive: {
        short: ['Parfait !', 'Délicieux !', 'Un régal !'],
        openers: [
          'Un vrai coup de cœur !',
          'Meilleure boulangerie du quartier.',
          'Ma boulangerie préférée.',
          'Quelle belle découverte !',
        ],
        details: [
          'Les croissants sont feuilletés à la perfection.',
          'Le café est excellent et le personnel adorable.',
          "L'ambiance est chaleureuse et lumineuse.",
          'La tarte au citron est à tomber.',
          'Mention spéciale pour {item}, un délice.',
          'Côté boissons, {drink} était parfait.',
          "Personnel souriant et file d'attente qui avance vite.",
          'Il y a plusieurs options sans gluten, et elles sont vraiment bonnes.',
          'Le pain au levain se garde toute la semaine.',
          'Les prix restent raisonnables pour cette qualité.',
          'Beaucoup de places assises près des fenêtres.',
          'Je recommande {item} les yeux fermés.',
          'Un café crème et {item} en terrasse, le bonheur.',
        ],
        closers: [
          'Je reviendrai sans hésiter.',
          'Je recommande vivement !',
          'Venez tôt, {item} part très vite.',
        ],
      },
      mixed: {
        short: ['Bof.', 'Correct.'],
        openers: ['Correct, sans plus.', 'Bien, mais peut mieux faire.'],
        details: [
          'Bonnes viennoiseries, mais un service un peu lent.',
          "C'est un peu cher pour ce que c'est.",
          "J'ai aimé {item}, mais {drink} était tiède.",
          "Longue file d'attente le week-end.",
          "Peu de places assises quand c'est plein.",
          'Une seule option sans gluten ce jour-là.',
          'Les prix ont pas mal augmenté.',
          'Personnel aimable, mais la commande a mis du temps.',
        ],
        closers: ['À retester en semaine.', 'Pas mal, sans plus.'],
      },
      negative: {
        short: ['Décevant.', 'Trop cher.'],
        openers: ['Très déçu.', 'Quelle déception.'],
        details: [
          'Le pain était rassis et le café froid.',
          'Personnel peu aimable et longue attente.',
          'On nous a servi {item} de la veille.',
          "Une file d'attente interminable pour un simple café.",
          '{Drink} était froid et amer.',
          "Aucune option sans gluten, contrairement à ce qu'annonce le site.",
          'Des prix élevés pour des portions minuscules.',
          'Impossible de trouver une place assise.',
        ],
        closers: ['Je ne reviendrai pas.', 'Dommage, le lieu est joli.'],
      },
    },
    firstNames: latin('Camille', 'Léa', 'Étienne', 'Chloé', 'Hugo'),
    lastNames: latin('Dubois', 'Martin', 'Lefèvre', 'Bernard', 'Moreau'),
  },
  es: {
    separator: ' ',
    items: [
      'el rollo de canela',
      'el cruasán de almendras',
      'la napolitana de chocolate',
      'la tarta de zanahoria',
      'la tarta de limón',
      'el pan de masa madre',
      'el bizcocho de plátano',
      'el brownie',
      'la ensaimada',
      'el cruasán de mantequilla',
    ],
    // All masculine, as the sentences around them agree.
    drinks: [
      'el café con leche',
      'el cortado',
      'el flat white',
      'el capuchino',
      'el chocolate caliente',
      'el latte de avena',
    ],
    tones: {
      positive: {
        short: ['¡Buenísimo!', '¡Excelente!', '¡Riquísimo!'],
        openers: [
          '¡Una maravilla!',
          'La mejor panadería de la zona.',
          'Mi cafetería favorita del barrio.',
          '¡Qué gran descubrimiento!',
        ],
        details: [
          'Los cruasanes están crujientes y recién hechos.',
          'El café es buenísimo y el personal muy amable.',
          'El local es acogedor y luminoso.',
          'La tarta de zanahoria es espectacular.',
          'Probamos {item} nada más salir del horno.',
          'Solo por {item} ya merece la pena venir.',
          '{Drink} estaba perfecto, cremoso y en su punto.',
          'El personal es muy amable y la cola avanza rápido.',
          'Tienen varias opciones sin gluten y están buenísimas.',
          'Los precios son razonables para la calidad.',
          'Hay bastante sitio para sentarse junto a las ventanas.',
          'Un café con leche y {item} por la mañana: el plan perfecto.',
        ],
        closers: ['¡Volveremos seguro!', 'Muy recomendable.', 'Hay que ir pronto: {item} vuela.'],
      },
      mixed: {
        short: ['Regular.', 'Normalito.'],
        openers: ['Está bien, sin más.', 'Bien, pero mejorable.'],
        details: [
          'Buenos dulces, pero el servicio fue lento.',
          'Un poco caro para el tamaño de las porciones.',
          'Me gustó {item}, pero {drink} llegó tibio.',
          'Los fines de semana hay mucha cola.',
          'Hay pocas mesas y se llena enseguida.',
          'Solo quedaba una opción sin gluten.',
          'Los precios han subido bastante últimamente.',
          'El personal es amable, pero tardaron mucho con el pedido.',
        ],
        closers: ['Quizás vuelva entre semana.', 'Volveré a darle otra oportunidad.'],
      },
      negative: {
        short: ['Malo.', 'Muy caro.'],
        openers: ['Muy decepcionante.', 'No lo recomiendo.'],
        details: [
          'Esperamos casi media hora por dos cafés.',
          'La bollería no estaba fresca.',
          'Nos sirvieron {item} del día anterior.',
          'Una cola interminable para un simple café.',
          '{Drink} estaba frío y amargo.',
          'Ninguna opción sin gluten, aunque la web dice lo contrario.',
          'Precios altos para raciones pequeñas.',
          'No había sitio para sentarse y el personal fue bastante borde.',
        ],
        closers: ['No volveré.', 'Una pena, el sitio es bonito.'],
      },
    },
    firstNames: latin('Lucía', 'Javier', 'Sofía', 'Mateo', 'Inés'),
    lastNames: latin('García', 'Fernández', 'Martínez', 'López', 'Núñez'),
  },
  ar: {
    separator: ' ',
    items: [
      'لفائف القرفة',
      'الكرواسون باللوز',
      'خبز العجين المخمر',
      'كعكة الجزر',
      'تارت الليمون',
      'الكرواسون بالشوكولاتة',
      'خبز الموز',
      'البراونيز',
      'لفائف الهيل',
    ],
    drinks: ['الفلات وايت', 'الكابتشينو', 'اللاتيه بحليب الشوفان', 'الشوكولاتة الساخنة', 'القهوة المقطرة'],
    tones: {
      positive: {
        short: ['رائع!', 'لذيذ جداً', 'قهوة ممتازة!'],
        openers: ['مكان رائع!', 'أفضل مخبز في المدينة.', 'مكاني المفضل لفنجان قهوة الصباح.', 'اكتشاف جميل!'],
        details: [
          'الكرواسون طازج ومقرمش.',
          'القهوة ممتازة والموظفون لطفاء جداً.',
          'الأجواء دافئة ومريحة.',
          'كعكة الجزر لذيذة جداً.',
          'أنصح بشدة بتجربة {item}.',
          'المكان يستحق الزيارة من أجل {item}.',
          'طلبت {drink} مع {item}، وكان اختياراً موفقاً.',
          'الموظفون ودودون جداً، والطابور يتحرك بسرعة.',
          'توجد خيارات خالية من الغلوتين، وطعمها رائع.',
          'الأسعار معقولة مقارنة بالجودة.',
          'المقاعد مريحة وهناك أماكن كثيرة بجانب النوافذ.',
          'فنجان قهوة مع {item} أفضل بداية لليوم.',
          'الخبز طازج كل صباح، ورائحته تملأ المكان.',
        ],
        closers: ['سأعود بالتأكيد.', 'أنصح به بشدة!', 'تعالوا مبكراً قبل أن تنفد المعجنات.'],
      },
      mixed: {
        short: ['مقبول.', 'عادي.'],
        openers: ['جيد لكن ليس ممتازاً.', 'تجربة متوسطة.'],
        details: [
          'المعجنات جيدة لكن الخدمة بطيئة.',
          'الأسعار مرتفعة قليلاً.',
          'طلبت {item}، لكن القهوة كانت فاترة.',
          'الطابور طويل في عطلة نهاية الأسبوع.',
          'المقاعد قليلة عندما يكون المكان مزدحماً.',
          'كان هناك خيار واحد فقط خالٍ من الغلوتين.',
          'الموظفون لطفاء، لكن الطلب تأخر.',
        ],
        closers: ['ربما أجربه مرة أخرى.', 'يستحق زيارة أخرى في يوم هادئ.'],
      },
      negative: {
        short: ['سيء.', 'غالٍ جداً.'],
        openers: ['تجربة مخيبة للآمال.', 'لم يعجبني المكان هذه المرة.'],
        details: [
          'انتظرنا أكثر من عشرين دقيقة.',
          'الخبز لم يكن طازجاً.',
          'قدموا لنا {item} من الأمس.',
          'الطابور طويل جداً ولا يتحرك.',
          'القهوة كانت باردة ومرّة.',
          'لا توجد خيارات خالية من الغلوتين رغم ما يقوله الموقع.',
          'الأسعار مرتفعة والكميات صغيرة.',
          'لم نجد مكاناً للجلوس، والموظفون لم يهتموا.',
        ],
        closers: ['لن أعود مرة أخرى.', 'للأسف لا أنصح به.'],
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
    items: [
      'シナモンロール',
      'アーモンドクロワッサン',
      'サワードウ',
      'パン・オ・ショコラ',
      'レモンタルト',
      'キャロットケーキ',
      'バナナブレッド',
      'カルダモンロール',
      'スコーン',
      'ブラウニー',
    ],
    drinks: [
      'フラットホワイト',
      'カフェラテ',
      'カプチーノ',
      'オーツミルクラテ',
      'ホットチョコレート',
      'ドリップコーヒー',
    ],
    tones: {
      positive: {
        short: ['最高！', '美味しい！', 'シナモンロール最高！'],
        openers: ['最高のパン屋さんです！', 'とても素敵なカフェでした。', '週末の楽しみになりました。'],
        details: [
          'クロワッサンがサクサクで美味しかったです。',
          'コーヒーも香りが良く、スタッフの方も親切でした。',
          '店内は明るくて居心地が良いです。',
          'シナモンロールが絶品です。',
          '{item}が焼きたてで最高でした。',
          '{item}のためだけに行く価値があります。',
          '{drink}も美味しくて、{item}との相性が抜群です。',
          'スタッフの方がとても親切で、行列もすぐに進みました。',
          'グルテンフリーの選択肢がいくつかあり、どれも美味しいです。',
          'サワードウのパンは日持ちがして、家族にも好評でした。',
          '品質を考えると値段も手頃です。',
          '窓際の席が多くて、ゆっくりできます。',
          '{item}を目当てに何度も通っています。',
        ],
        closers: ['また必ず来ます。', 'おすすめです！', '{item}は早めに売り切れるので、朝がおすすめです。'],
      },
      mixed: {
        short: ['普通です。', 'まあまあ。'],
        openers: ['まあまあでした。', '良い点も悪い点もありました。'],
        details: [
          'パンは美味しいですが、待ち時間が長いです。',
          '少し値段が高めです。',
          '{item}は美味しかったけれど、{drink}がぬるかったです。',
          '週末は行列が長いです。',
          '混んでいると席が足りません。',
          'グルテンフリーの商品は一つしか残っていませんでした。',
          'スタッフは親切ですが、注文に時間がかかりました。',
        ],
        closers: ['平日にまた試してみます。', '空いている時間にまた行きたいです。'],
      },
      negative: {
        short: ['がっかり。', '高すぎる。'],
        openers: ['残念でした。', '期待外れでした。'],
        details: [
          'コーヒーが冷めていました。',
          '店員さんの対応が良くなかったです。',
          '{item}が前日のもののようで、固かったです。',
          '行列が長いのに、なかなか進みませんでした。',
          'グルテンフリーの選択肢が全くありませんでした。',
          '値段の割に量が少ないです。',
          '座る席がなく、スタッフも忙しそうで声をかけづらかったです。',
        ],
        closers: ['もう行かないと思います。', '雰囲気は良いのに残念です。'],
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

/** A slot, with the English indefinite article before it when there is one ("a {item}"). */
const SLOT = /(?:\b([Aa]) )?\{(item|Item|drink|Drink)\}/g;

/**
 * Fills one text's `{item}` and `{drink}` slots (`{Item}`, `{Drink}`: capitalised) from the language's
 * lists, the favourites more often, naming a different bake or drink in each slot where it can, and making
 * English "a" before a vowel "an".
 */
function filler(rng: Random, language: Language): (template: string) => string {
  const { items, drinks } = BANKS[language];
  const used = new Set<string>();
  // Skewed toward the head of the list: every bakery has its favourites.
  const draw = (list: readonly string[]) => list[rng.skewed(0, list.length - 1, 1.6)]!;
  const choose = (list: readonly string[]): string => {
    let value = draw(list);
    for (let tries = 0; used.has(value) && tries < 3; tries++) value = draw(list);
    used.add(value);
    return value;
  };
  return (template) =>
    template.replace(SLOT, (_, article: string | undefined, slot: string) => {
      const value = choose(slot === 'item' || slot === 'Item' ? items : drinks);
      const text =
        slot === 'Item' || slot === 'Drink' ? value.charAt(0).toUpperCase() + value.slice(1) : value;
      if (!article) return text;
      return `${article}${language === 'en' && /^[aeiou]/i.test(value) ? 'n' : ''} ${text}`;
    });
}

/** A one-liner such as "Great!" or "がっかり。". */
export function shortReview(rng: Random, language: Language, tone: Tone): string {
  return rng.pick(BANKS[language].tones[tone].short);
}

/** An everyday review: an opener, one to three details, usually a closer. */
export function normalReview(rng: Random, language: Language, tone: Tone): string {
  const bank = BANKS[language].tones[tone];
  const fill = filler(rng, language);
  const sentences = [
    rng.pick(bank.openers),
    ...rng.sample(bank.details, rng.int(1, 3)),
    ...(rng.chance(0.7) ? [rng.pick(bank.closers)] : []),
  ];
  return sentences.map(fill).join(BANKS[language].separator);
}

/**
 * A very long English review: every story sentence and detail of the tone, shuffled into paragraphs of
 * two to four sentences separated by blank lines.
 */
export function longReview(rng: Random, tone: 'positive' | 'negative'): string {
  const bank = BANKS.en.tones[tone];
  const fill = filler(rng, 'en');
  const body = rng.shuffle([...STORY[tone], ...bank.details]).map(fill);
  const paragraphs = [rng.pick(bank.openers)];
  while (body.length) paragraphs.push(body.splice(0, rng.int(2, 4)).join(' '));
  paragraphs.push(fill(rng.pick(bank.closers)));
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
  const parts = [
    filler(rng, 'en')(rng.pick(POST_HEADLINES)),
    rng.pick(POST_FOLLOW_UPS),
    rng.pick(POST_EMOJI),
  ];
  return `${parts.filter(Boolean).join(' ')}\n\n#bakery #brightwater #kettleandcrumb`;
}
