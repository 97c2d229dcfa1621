/** `rel` of every link to a URL that came from the API: no opener, no referrer, no endorsement. */
export const EXTERNAL_REL = 'noopener noreferrer nofollow ugc';
