// The Vercel function's entry, bundled by scripts/build-platforms.mjs: the adapter lives in
// src/server/adapters/vercel/, where the project's typecheck, lint and tests reach it.
export { GET, HEAD, OPTIONS } from '../../src/server/adapters/vercel/vercel.ts';
