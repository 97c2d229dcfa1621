// A site bundling the widgets itself: register them, point them at the proxy, and drive one from a button.
import 'review-widgets/define';
import type { ReviewList } from 'review-widgets';

const endpoint = new URLSearchParams(location.search).get('endpoint') ?? '/widget-api';
for (const widget of document.querySelectorAll('business-card, rating-summary, review-list, post-list'))
  widget.setAttribute('endpoint', endpoint);

const list = document.querySelector<ReviewList>('review-list')!;
document.querySelector('#only-5')!.addEventListener('click', () => {
  list.rating = 5;
});
