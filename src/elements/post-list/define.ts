/**
 * The script-tag entry of <post-list> alone (`dist/elements/post-list.js`): a page that shows only this widget
 * loads only its code. Entries of other elements on the same page share their common code (Lit, the client).
 */
import { defineElement } from '../base/define-element.ts';
import { PostList } from './post-list.ts';

export { PostList };
export { registerTranslation } from '../i18n/index.ts';
export { plurals } from '../i18n/plural.ts';

defineElement('post-list', PostList);
