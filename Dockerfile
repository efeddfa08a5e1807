# syntax=docker/dockerfile:1
#
# One image for every Loom process. The container command picks the process:
#   node services/gateway/dist/main.js        (the default)
#   node services/core-content/dist/main.js
#   node services/events/dist/main.js
#   node services/forms/dist/main.js
#   node services/oembed/dist/main.js
#
#   docker build -t registry.example.com/loom:1.0.0 .
#
# Kubernetes manifests: deploy/k8s (see deploy/k8s/README.md).

ARG NODE_IMAGE=node:22-bookworm-slim

# ---------------------------------------------------------------------------------------------------------
# Manifests only: the dependency layers below are rebuilt only when a package.json or the lockfile changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs/contracts/package.json       libs/contracts/
COPY libs/store/package.json           libs/store/
COPY libs/service-kit/package.json     libs/service-kit/
COPY libs/terms/package.json           libs/terms/
COPY libs/post-engine/package.json     libs/post-engine/
COPY libs/rendering/package.json       libs/rendering/
COPY libs/safe-fetch/package.json      libs/safe-fetch/
COPY libs/media/package.json           libs/media/
# The tests' harness (libs/testing): never built, and only development dependencies, but a workspace the lock file lists.
COPY libs/testing/package.json         libs/testing/
COPY services/core-content/package.json services/core-content/
COPY services/events/package.json      services/events/
COPY services/forms/package.json       services/forms/
COPY services/oembed/package.json      services/oembed/
COPY services/gateway/package.json     services/gateway/

# ---------------------------------------------------------------------------------------------------------
# Build: every dependency, then `tsc -b` over all libs and services (TypeScript project references).
FROM manifests AS build
# The lock file lists every platform's optional binaries (test/repo/lockfile.test.ts), so `npm ci` takes it with
# the image's npm (10.x) and with npm 11 alike.
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.build.json ./
COPY libs libs
COPY services services
RUN npm run build \
 && mkdir /out \
 && for pkg in libs/* services/*; do \
      case "$pkg" in libs/testing) continue ;; services/*) entry="$pkg/dist/main.js" ;; *) entry="$pkg/dist/index.js" ;; esac; \
      test -f "$entry" || { echo "build produced no $entry" >&2; exit 1; }; \
      mkdir -p "/out/$pkg" && cp -R "$pkg/dist" "/out/$pkg/dist" && rm -f "/out/$pkg/dist/.tsbuildinfo"; \
    done

# ---------------------------------------------------------------------------------------------------------
# Production dependencies only. The workspace packages become symlinks (node_modules/@loom/* -> ../../libs/*,
# ../../services/*), which resolve in the runtime stage because each package.json and dist/ is copied beside them.
FROM manifests AS deps
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund

# ---------------------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    LOOM_HOST=0.0.0.0
WORKDIR /app
# Root-owned and not writable by the app user: the processes only read their code.
COPY --from=deps /app/package.json /app/package-lock.json ./
COPY --from=deps /app/node_modules ./node_modules
# package.json of every workspace (and any nested node_modules npm put there).
COPY --from=deps /app/libs ./libs
COPY --from=deps /app/services ./services
# Compiled output of every workspace.
COPY --from=build /out/ ./
# The block theme core-content serves by default (LOOM_THEME, LOOM_THEME_ROOT; read from services/core-content/themes).
COPY services/core-content/themes services/core-content/themes
# The `node` user of the base image, by number so that Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
EXPOSE 8080 8081 8082 8083 8084
# SIGTERM stops a process gracefully (LOOM_SHUTDOWN_TIMEOUT_MS). node runs as PID 1 and handles it itself.
CMD ["node", "services/gateway/dist/main.js"]
