// A React 19 app as its author writes it: the wrappers from review-widgets/react (rendered by React's server
// renderer, then hydrated, as a server-rendered page is), and the plain tags typed by review-widgets/react-jsx.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ReviewsSection } from './ReviewsSection';
import { PostsWithTags } from './PostsWithTags';

const endpoint = new URLSearchParams(location.search).get('endpoint') ?? '/widget-api';

const app = document.getElementById('root')!;
app.innerHTML = renderToString(<ReviewsSection endpoint={endpoint} />);
hydrateRoot(
  app,
  <StrictMode>
    <ReviewsSection endpoint={endpoint} />
  </StrictMode>,
);

const tags = document.body.appendChild(document.createElement('div'));
createRoot(tags).render(<PostsWithTags endpoint={endpoint} />);
