# One image for both Atelier processes: the API (default CMD) and the Temporal worker
# (`command: ["npx", "tsx", "worker/main.ts"]`). See docs/deployment.md.
FROM node:20-bookworm-slim

RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg espeak-ng ca-certificates \
  && rm -rf /var/lib/apt/lists/*

WORKDIR /app

# Dependencies first so that a source change does not reinstall them.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --omit=dev && npm cache clean --force

COPY . .

RUN mkdir -p /data && chown node:node /data
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    ATELIER_DATA_DIR=/data

USER node
EXPOSE 3000
CMD ["npx", "tsx", "api/main.ts"]
