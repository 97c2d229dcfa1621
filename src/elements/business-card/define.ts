/**
 * The script-tag entry of <business-card> alone (`dist/elements/business-card.js`): a page that shows only this widget
 * loads only its code. Entries of other elements on the same page share their common code (Lit, the client).
 */
import { defineElement } from '../base/define-element.ts';
import { BusinessCard } from './business-card.ts';

export { BusinessCard };
export { registerTranslation } from '../i18n/index.ts';
export { plurals } from '../i18n/plural.ts';

defineElement('business-card', BusinessCard);
