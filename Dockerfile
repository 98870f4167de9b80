# Canasta Scorekeeper as a container image, for hosting it on the internet behind Caddy (deploy/compose.yaml).
# README, "Host it for everyone". Build: docker build -t canasta-scorekeeper .

# htmx, fetched once by npm from package-lock.json (pinned), as `make` does on a laptop.
FROM node:20-bookworm-slim AS assets
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund

FROM python:3.11-slim-bookworm
# WeasyPrint's libraries and a font for the PDF sheets (the same packages .ci/run installs).
RUN apt-get update \
    && apt-get install -y --no-install-recommends libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 \
       fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
COPY --from=assets /src/node_modules ./node_modules
# A wheel carries its catalogues, templates and built static files (setup.py), so the image runs it installed.
RUN pip install --no-cache-dir . && rm -rf /src/build /src/node_modules
RUN useradd --system --home-dir /data --create-home scorekeeper
USER scorekeeper
WORKDIR /data
# The database, the secret key, config.py and the rotating backups live in /data: keep it on a volume.
ENV SCOREKEEPER_INSTANCE=/data \
    PYTHONUNBUFFERED=1
VOLUME ["/data"]
EXPOSE 8000
CMD ["scorekeeper", "serve", "--host", "0.0.0.0", "--port", "8000"]
