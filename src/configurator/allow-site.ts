/**
 * "Your site's address": the origin a site owner must allow on the proxy (`ALLOWED_ORIGINS`, an exact
 * match of what browsers send in `Origin`), and that setting as each way of running the proxy takes it.
 */

/** The origin to allow, with a note when the typed address was not exactly one; or why it is not an address. */
export type SiteOrigin = { origin: string; note?: string } | { problem: string };

/** Reads a typed address as browsers will send it in `Origin`: `scheme://host[:port]`, nothing more. */
export function siteOrigin(typed: string): SiteOrigin | undefined {
  const text = typed.trim();
  if (!text) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    // not an address at all
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !url.host)
    return { problem: 'Type the whole address, with https://, like https://www.example.com.' };
  if (url.username || url.password) return { problem: 'The address has no user name or password in it.' };
  const { origin } = url;
  if (text === origin) return { origin };
  const rest = `${url.pathname === '/' ? '' : url.pathname}${url.search}${url.hash}`;
  return {
    origin,
    note: rest
      ? `Reduced to its origin, ${origin}: browsers send only the scheme, host and port, never the path (${rest}).`
      : `Written as browsers send it: ${origin}.`,
  };
}

/** Where the setting goes for each way of running the proxy, and the setting itself. */
export function allowSettings(origin: string): { where: string; setting: string }[] {
  return [
    { where: 'npm start, or a container (environment)', setting: `ALLOWED_ORIGINS=${origin}` },
    {
      where: 'Cloudflare Workers (under "vars" in deploy/cloudflare/wrangler.jsonc)',
      setting: `"ALLOWED_ORIGINS": "${origin}"`,
    },
    {
      where: `Vercel (then type ${origin} when it asks for the value)`,
      setting: 'npx vercel env add ALLOWED_ORIGINS production',
    },
    { where: 'Netlify', setting: `npx netlify env:set ALLOWED_ORIGINS ${origin}` },
  ];
}
