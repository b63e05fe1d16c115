# Two stages (decision record 098): build with every dependency, then run the compiled server on a
# fresh install of the production dependencies alone, without any TypeScript source.
# Not built where it was written (no Docker engine there); see README, "Docker".
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci applies these fixes to dependencies (patch-package, run as postinstall).
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
# The production dependencies from the lockfile, patched on install as in development (patch-package
# is a production dependency for that reason); the npm cache is not kept in the image.
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# All the server reads at run time: build/ (the server bundle and its source maps, the migrations,
# the Remix server build, critical CSS, the service worker) and public/ (static files, translations,
# the browser build).
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# Uploaded images go here when S3_BUCKET is not set: mount a volume. Everything else stays owned
# by root, so the process cannot rewrite its own code.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 and receives SIGTERM itself: the server finishes open requests and drains the pool.
CMD ["node", "--enable-source-maps", "build/server/index.js"]
