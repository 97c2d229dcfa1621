/**
 * "Hide or pin reviews": the owner's review settings of the proxy (`HIDDEN_REVIEWS`, `PINNED_REVIEWS`), never
 * part of a snippet (a page cannot hide a review from the proxy's other answers), written as each way of
 * running the proxy takes them. See docs/curation.md.
 */
import { REVIEW_ID } from '../api/query.ts';

/** Review ids typed with commas or spaces between them; or what is wrong with one. */
export function reviewIds(typed: string): { ids: string[] } | { problem: string } {
  const ids = typed.split(/[\s,]+/).filter(Boolean);
  const bad = ids.find((id) => !REVIEW_ID.test(id));
  if (bad !== undefined) {
    return { problem: `"${bad.slice(0, 40)}" is not a review id (letters, digits, "_", "-", ".", ":").` };
  }
  return { ids: [...new Set(ids)] };
}

/** Where each setting goes for each way of running the proxy, and the setting itself. */
export function ownerSettings(
  hidden: readonly string[],
  pinned: readonly string[],
): { where: string; setting: string }[] {
  const named = (
    [
      ['HIDDEN_REVIEWS', 'hiddenReviews', hidden],
      ['PINNED_REVIEWS', 'pinnedReviews', pinned],
    ] as const
  ).filter(([, , ids]) => ids.length > 0);
  return named.flatMap(([name, field, ids]) => [
    { where: 'npm start, or a container (environment)', setting: `${name}=${ids.join(',')}` },
    {
      where: 'Cloudflare Workers (under "vars" in deploy/cloudflare/wrangler.jsonc)',
      setting: `"${name}": "${ids.join(',')}"`,
    },
    {
      where: `Vercel (then type ${ids.join(',')} when it asks for the value)`,
      setting: `npx vercel env add ${name} production`,
    },
    { where: 'Netlify', setting: `npx netlify env:set ${name} ${ids.join(',')}` },
    { where: 'One business of a TENANTS_FILE', setting: `"${field}": ${JSON.stringify(ids)}` },
  ]);
}
