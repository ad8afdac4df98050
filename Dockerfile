# The service as a container image. Node 24 comes from the project's own
# dependencies (the `node` package), so the base image's Node only bootstraps npm.
FROM node:24-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev && npm cache clean --force
COPY bin ./bin
COPY src ./src
ENV HOST=0.0.0.0 PORT=3000 DATA_DIR=/data NODE_ENV=production MALLOC_ARENA_MAX=2
RUN mkdir -p /data && chown node:node /data
VOLUME /data
EXPOSE 3000
USER node
# Exec form through the pinned Node, with the start script's flags: SIGTERM reaches the
# service for a graceful shutdown.
CMD ["node_modules/.bin/node", "--max-semi-space-size=16", "--max-old-space-size=1000", "--liftoff-only", "--no-allocation-site-pretenuring", "src/main.ts"]
