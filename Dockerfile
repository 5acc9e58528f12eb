# One image for the api, the worker and the sandbox partners; docker-compose.yml picks the command.
# It runs the production build (README: production build): compiled JavaScript and production
# dependencies only, as a non-root user. test/integration/production-build.test.ts runs the same
# layout without Docker and holds this runtime stage to it.
ARG NODE_IMAGE=node:20-bookworm-slim

# Every package, as locked: the build needs the dev dependencies (esbuild, Vite, tsx).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci patches what it installs (postinstall: scripts/apply-dependency-patches.mjs).
COPY scripts/apply-dependency-patches.mjs scripts/
COPY patches patches/
RUN npm ci --no-audit --no-fund

# `npm run build` writes dist/: the compiled entries, the workflow bundle, the migrations, the web
# app, and the manifest and lock file (scripts/build.ts).
FROM deps AS build
COPY . .
RUN npm run build

# Production dependencies only; this layer changes only with the lock file.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/apply-dependency-patches.mjs scripts/
COPY patches patches/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
# jemalloc in place of glibc's malloc, for every process of the image (platform/allocator.ts says
# why). The link gives LD_PRELOAD one path on every architecture's multiarch folder.
RUN apt-get update && apt-get install -y --no-install-recommends libjemalloc2 && rm -rf /var/lib/apt/lists/* && ln -s "$(ls /usr/lib/*-linux-gnu/libjemalloc.so.2)" /usr/local/lib/libjemalloc.so.2
ENV LD_PRELOAD=/usr/local/lib/libjemalloc.so.2
ENV NODE_ENV=production
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./
USER node
EXPOSE 3000
CMD ["node", "api/main.js"]
