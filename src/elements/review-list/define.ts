/**
 * The script-tag entry of <review-list> alone (`dist/elements/review-list.js`): a page that shows only this widget
 * loads only its code. Entries of other elements on the same page share their common code (Lit, the client).
 */
import { defineElement } from '../base/define-element.ts';
import { ReviewList } from './review-list.ts';

export { ReviewList };
export { registerTranslation } from '../i18n/index.ts';
export { plurals } from '../i18n/plural.ts';

defineElement('review-list', ReviewList);
