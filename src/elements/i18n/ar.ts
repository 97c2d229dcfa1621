import type { Strings } from './strings.ts';
import { plurals, type PluralForms } from './plural.ts';

const plural = plurals('ar');

/**
 * An Arabic count: the six plural categories through `Intl.PluralRules`; "one" and "two" are words of their
 * own (no number), the others follow the number, already formatted (Arabic-Indic digits where the locale
 * uses them).
 */
const count = (n: number, c: string, forms: Required<PluralForms>) =>
  plural(n, {
    zero: `${c} ${forms.zero}`,
    one: forms.one,
    two: forms.two,
    few: `${c} ${forms.few}`,
    many: `${c} ${forms.many}`,
    other: `${c} ${forms.other}`,
  });

const STARS = {
  zero: 'نجمة',
  one: 'نجمة واحدة',
  two: 'نجمتان',
  few: 'نجوم',
  many: 'نجمة',
  other: 'نجمة',
};

const REVIEWS = {
  zero: 'مراجعة',
  one: 'مراجعة واحدة',
  two: 'مراجعتان',
  few: 'مراجعات',
  many: 'مراجعة',
  other: 'مراجعة',
};

const ar: Strings = {
  loading: 'جارٍ التحميل…',
  retry: 'إعادة المحاولة',
  loadError: 'تعذّر تحميل المراجعات.',
  loadErrorInfo: 'تعذّر تحميل معلومات النشاط التجاري.',
  loadErrorPosts: 'تعذّر تحميل المنشورات.',
  refreshError: 'تعذّر التحديث. يُعرض ما تم تحميله سابقًا.',
  rateLimited: (s) => `طلبات كثيرة جدًا. حاول مجددًا بعد ${s} ثانية.`,
  noEndpoint: 'لم يتم إعداد عنوان خادم لهذه الأداة.',
  rated: (r, best) => `التقييم ${r} من ${best}`,
  reviewCount: (c, n) => count(n, c, REVIEWS),
  basedOn: (c, n) => `استنادًا إلى ${count(n, c, REVIEWS)}`,
  noRatingYet: 'لا يوجد تقييم بعد',
  viewOnMap: 'عرض على الخريطة',
  ratingDistribution: 'توزيع التقييمات',
  rowDetail: (count, share) => `${count} (${share})`,
  starRow: (r, n) => count(n, r, STARS),
  filterByRating: (r) => `عرض مراجعات ${r} نجوم فقط`,
  showAllRatings: 'عرض المراجعات بجميع التقييمات',
  sortBy: 'ترتيب حسب',
  rating: 'التقييم',
  media: 'الوسائط',
  sortDefault: 'الافتراضي',
  MOST_RELEVANT: 'الأكثر صلة',
  HIGHEST_REVIEWS: 'الأعلى تقييمًا',
  LOWEST_REVIEWS: 'الأقل تقييمًا',
  RECENT_REVIEWS: 'الأحدث',
  RECENT_WITH_MIN_ONE_REVIEW: 'الأحدث مع نص',
  allRatings: 'كل التقييمات',
  ratingOption: (r, n) => count(n, r, STARS),
  allMedia: 'الكل',
  IMAGE: 'مع صور',
  VIDEO: 'مع فيديو',
  TEXT: 'نص فقط',
  previousPage: 'الصفحة السابقة',
  nextPage: 'الصفحة التالية',
  pageLabel: (p) => `الصفحة ${p}`,
  pagination: (list: string) => `${list}: الصفحات`,
  reviewsLabel: 'مراجعات العملاء',
  postsLabel: 'المنشورات',
  noReviews: 'لا توجد مراجعات بعد.',
  noMatchingReviews: 'لا توجد مراجعات تطابق عوامل التصفية هذه.',
  clearFilters: 'مسح عوامل التصفية',
  apply: 'تطبيق',
  noPosts: 'لا توجد منشورات بعد.',
  verified: 'موثّق',
  authorReviews: (c, n) => count(n, c, REVIEWS),
  anonymous: 'مجهول',
  photoAlt: (i, total, name) => `الصورة ${i} من ${total} من ${name}`,
  videoAlt: (i, total, name) => `الفيديو ${i} من ${total} من ${name}`,
  reactions: (c) => `التفاعلات: ${c}`,
  AGREE: 'أوافق',
  LOVE: 'أحببته',
  comments: (c) => `التعليقات: ${c}`,
  shares: (c) => `المشاركات: ${c}`,
  skipped: (c) => `تعذّر عرض ${c} من المراجعات.`,
  skippedPosts: (c) => `تعذّر عرض ${c} من المنشورات.`,
  readMore: 'اقرأ المزيد',
  readLess: 'عرض أقل',
  showMore: 'عرض المزيد',
  pageEmpty: 'هذه الصفحة فارغة.',
  firstPage: 'الانتقال إلى الصفحة الأولى',
  pageError: (page: string) => `تعذّر تحميل الصفحة ${page}.`,
  moreReviewsError: 'تعذّر تحميل المزيد من المراجعات.',
  morePostsError: 'تعذّر تحميل المزيد من المنشورات.',
  showingReviews: (from, to, total) => `عرض ${from}–${to} من ${total} مراجعة`,
  showingPosts: (from, to, total) => `عرض ${from}–${to} من ${total} منشور`,
  curated: (stars) =>
    `نعرض تقييماتنا ذات ${stars.length > 1 ? `${stars.slice(0, -1).join('، ')} و` : ''}${stars.at(-1)} نجوم`,
  ratedFilter: (r, n) => `بتقييم ${count(n, r, STARS)}`,
  textOnly: 'نعرض فقط المراجعات التي تتضمن نصًا',
  mediaFilter: (type) => (type === 'TEXT' ? 'بدون وسائط' : type === 'VIDEO' ? 'مع فيديو' : 'مع صور'),
  mediaDialog: 'عارض الوسائط',
  closeDialog: 'إغلاق',
  previousMedia: 'السابق',
  nextMedia: 'التالي',
  mediaPosition: (i, total) => `${i} من ${total}`,
  watchVideo: 'مشاهدة الفيديو',
  carousel: 'عرض دوّار',
  slide: 'شريحة',
  previousSlides: 'المراجعات السابقة',
  nextSlides: 'المراجعات التالية',
  stopRotation: 'إيقاف العرض التلقائي',
  startRotation: 'تشغيل العرض التلقائي',
  hideBadge: 'إخفاء شارة التقييم',
  latestReviews: 'أحدث المراجعات',
  allReviews: 'عرض كل المراجعات',
};

export default ar;
