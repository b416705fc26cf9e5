# syntax=docker/dockerfile:1
# Multi-stage image that runs exactly what `npm start` runs: the custom server, bundled at build time into
# dist/server.js (scripts/bundle-server.mjs), which applies pending migrations and then serves the Next
# build. The operator CLI is dist/admin.js. See docs/deploy.md.

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1
COPY package.json package-lock.json ./
COPY scripts/prisma-generate.mjs scripts/
COPY prisma ./prisma
# No install scripts at all, so which npm honours package.json's allowScripts does not matter here (the base
# image's npm 10 ignores it and would run those of @prisma/engines, @scarf/scarf, protobufjs and esbuild,
# which reach the network). The one allowed script (the embedded PostgreSQL's) is for development and
# tests; `npm run build` generates the Prisma client and bundles the server and the CLI.
RUN npm ci --ignore-scripts
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
# Production dependencies only: no tsx or esbuild (the server is plain JavaScript; migrations run through
# @prisma/schema-engine-wasm; the prisma CLI npm adds as @prisma/client's peer is never run). The Prisma client is bundled into dist/, so no install script is
# needed here.
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1 PORT=3000 HOSTNAME=0.0.0.0 SANDBOX_ENABLED=false
COPY --from=production-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/.next ./.next
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/package.json /app/next.config.js ./
# Read at run time: the migrations (applied at start), the integration guide (/docs) and the SDK's sources
# (the downloadable SDK is written from them: lib/api/sdk and the signing code it shares from lib/base/crypto).
COPY --from=build --chown=node:node /app/prisma ./prisma
COPY --from=build --chown=node:node /app/docs ./docs
COPY --from=build --chown=node:node /app/lib/api/sdk ./lib/api/sdk
COPY --from=build --chown=node:node /app/lib/base/crypto/contract-hash.ts /app/lib/base/crypto/request-signature.ts ./lib/base/crypto/
USER node
EXPOSE 3000
# One worker per core by default (node:cluster, WEB_CONCURRENCY); give the container as many CPUs as workers.
# SIGTERM reaches the server's own node process (no npm wrapper, which would relay the signal and SIGKILL a
# server that is slow to acknowledge it) so in-flight requests finish before it exits. Operators run the CLI
# in the container with `node dist/admin.js <command>`.
CMD ["node", "dist/server.js"]
