# Two stages: build with every dependency, run with the production ones only.
# Unverified: no Docker engine was available where this file was written (see README, "Docker").
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci applies these fixes to dependencies (patch-package, run as postinstall).
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
# The server is TypeScript run by tsx (a runtime dependency): it needs its own sources, the app
# modules it imports, db/ and migrations/ (it migrates before it listens), the Remix build and public/.
COPY --from=build /app/package.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/app ./app
COPY --from=build /app/db ./db
COPY --from=build /app/migrations ./migrations
COPY --from=build /app/server ./server
# Files stay owned by root, so the process cannot rewrite its own code.
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 and receives SIGTERM itself: the server finishes open requests and drains the pool.
CMD ["node", "--import", "tsx", "server/index.ts"]
