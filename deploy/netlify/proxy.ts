// The Netlify function's entry, bundled by scripts/build-platforms.mjs (which writes `config` out as a
// literal): the adapter lives in src/server/adapters/netlify/, where the typecheck, lint and tests reach it.
export { default, config } from '../../src/server/adapters/netlify/netlify.ts';
