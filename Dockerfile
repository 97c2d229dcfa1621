# syntax=docker/dockerfile:1
# The review-widgets proxy (with the demo, the bundles and the tool pages) as a container: `npm start`
# as production runs it. Build: docker build -t review-widgets .   Run: see deploy/compose.yaml and
# docs/deploying.md ("Run it in production"). test/node/deploy.test.ts checks this file and runs its command.

# Build: the bundles, custom-elements.json and the server, compiled into dist/ (dist/app/start.js carries
# every package it uses, so the image needs no node_modules).
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npx vite build --logLevel warn \
  && node scripts/manifest.mjs \
  && node scripts/build-app.mjs \
  && rm -rf dist/lib

# Run: Node itself, as an unprivileged user, with only what is served.
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=8787
WORKDIR /app
COPY --from=build --chown=node:node /src/dist ./dist
COPY --from=build --chown=node:node /src/demo ./demo
USER node
EXPOSE 8787
# Liveness: the process answers. Load balancers should use /readyz (see deploy/Caddyfile).
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/livez').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM starts the drain (not ready, DRAIN_DELAY_MS of service, in-flight requests answered, exit 0);
# give the container longer than SHUTDOWN_TIMEOUT_MS (20 s) to stop, e.g. `docker stop -t 30`.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist/app/start.js"]
