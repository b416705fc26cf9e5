# syntax=docker/dockerfile:1
# Multi-stage image that runs exactly what `npm start` runs: the custom server, bundled at build time into
# dist/server.js (scripts/bundle-server.mjs), which applies pending migrations and then serves the Next
# build. The operator CLI is dist/admin.js; `node dist/migrate.js` applies the migrations alone, as a job
# run before the replicas roll. See docs/deploy.md.

# Node.js 24 LTS, pinned by digest (node:24-bookworm-slim at 24.18.0, the version in .node-version): a
# rebuild gets the same base until the digest is changed here on purpose, together with .node-version, on
# which CI runs the suite (.ci/run).
ARG NODE_IMAGE=node:24-bookworm-slim@sha256:6f7b03f7c2c8e2e784dcf9295400527b9b1270fd37b7e9a7285cf83b6951452d

FROM ${NODE_IMAGE} AS build
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

FROM ${NODE_IMAGE} AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/prune-production-deps.mjs scripts/
# Production dependencies only: no tsx or esbuild (the server is plain JavaScript; migrations run through
# @prisma/schema-engine-wasm). The Prisma client is bundled into dist/, so no install script is needed here.
# npm installs @prisma/client's peers (the Prisma CLI with its tree, and TypeScript) even so; nothing at run
# time loads them, and the prune step takes them out again (about 300 MB).
RUN npm ci --omit=dev --ignore-scripts && node scripts/prune-production-deps.mjs && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
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
# Liveness: the process answers HTTP. /api/health needs no database, so a database outage (which /api/ready
# reports, for the load balancer) does not get healthy replicas restarted.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# One worker per core by default (node:cluster, WEB_CONCURRENCY; one on one or two cores); give the container as
# many CPUs as workers.
# SIGTERM reaches the server's own node process (no npm wrapper, which would relay the signal and SIGKILL a
# server that is slow to acknowledge it) so in-flight requests finish before it exits. Operators run the CLI
# in the container with `node dist/admin.js <command>`.
CMD ["node", "dist/server.js"]
