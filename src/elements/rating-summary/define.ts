/**
 * The script-tag entry of <rating-summary> alone (`dist/elements/rating-summary.js`): a page that shows only this widget
 * loads only its code. Entries of other elements on the same page share their common code (Lit, the client).
 */
import { defineElement } from '../base/define-element.ts';
import { RatingSummary } from './rating-summary.ts';

export { RatingSummary };
export { registerTranslation } from '../i18n/index.ts';
export { plurals } from '../i18n/plural.ts';

defineElement('rating-summary', RatingSummary);
