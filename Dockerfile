# One image for both Atelier processes: the API (default CMD) and the Temporal worker
# (`command: ["node", "--import", "tsx", "worker/main.ts"]`). See docs/deployment.md.
# Node runs the entry point itself (tsx as a loader), so a SIGTERM sent to the container reaches it and the
# process drains (api/drain.ts, worker/main.ts); npx in between would not pass the signal on.
# The web console (console/) is static files the API serves at /console: built in a stage of its own.
FROM node:20-bookworm-slim AS console
WORKDIR /console
COPY console/package.json console/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY console/ ./
RUN npm run build

FROM node:20-bookworm-slim

RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg espeak-ng ca-certificates \
  && rm -rf /var/lib/apt/lists/*

WORKDIR /app

# Dependencies first so that a source change does not reinstall them. node-llama-cpp (EMBEDDINGS_PROVIDER=local)
# brings llama.cpp builds for every platform and GPU; only this platform's CPU build is kept, as setup.sh does.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --omit=dev && npm cache clean --force \
  && keep="linux-$(uname -m | sed -e 's/^x86_64$/x64/' -e 's/^aarch64$/arm64/')" \
  && find node_modules/@node-llama-cpp -mindepth 1 -maxdepth 1 ! -name "$keep" -exec rm -rf {} +

COPY . .
COPY --from=console /console/dist ./console/dist

RUN mkdir -p /data && chown node:node /data
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    ATELIER_DATA_DIR=/data

USER node
EXPOSE 3000
CMD ["node", "--import", "tsx", "api/main.ts"]
