# Node 22 LTS on Debian bookworm (the app also runs on Node 20.19.5+). NODE_IMAGE may name another image laid
# out the same way (Node at /usr/local, a user "node" with uid 1000): `npm run docker:smoke` passes one it made
# itself where no container registry is reachable.
# EMBEDDINGS_STACK=false leaves out the local-embedding stack (@huggingface/transformers, onnxruntime, sharp),
# as `npm ci --omit=peer` does: the image is smaller and serves EMBEDDINGS=none or ollama. BUILTIN_CHAT=false
# leaves out the built-in chat model's package (node-llama-cpp): answers come from the extractive answerer or a
# model server (MODEL_PROVIDER=ollama or openai). The keyword-only image sets both to false.
ARG NODE_IMAGE=docker.io/library/node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies only, and only what they load at run time. A stage of its own after the build, so the
# two variants share every layer above (one `npm ci`, one build). Beside other platforms' binaries, source maps
# and type declarations (scripts/docker/prune-node-modules.js), it removes: TypeScript, an optional peer of
# React Router and node-llama-cpp that npm keeps as dev-optional; llama.cpp's sources, for building it, which the
# prebuilt @node-llama-cpp/linux-x64 spares; better-sqlite3's sources and objects beside the one module it loads;
# onnxruntime-web's browser bundles and WebAssembly (in Node, transformers.js computes with onnxruntime-node and
# imports only ort.node.min.mjs); react-dom's builds for browsers, Bun and edge runtimes, its client and profiling
# builds (Vite bundled the client into build/client), 7 MB: the server loads react-dom and its Node renderers, whose
# development builds stay so that NODE_ENV=development still serves.
FROM build AS deps
ARG EMBEDDINGS_STACK=true
ARG BUILTIN_CHAT=true
# Without the built-in model, node-llama-cpp leaves package.json here (this stage's copy only) so that npm prune
# also removes the packages only it brings.
RUN case "$EMBEDDINGS_STACK" in true) omit="--omit=dev" ;; false) omit="--omit=dev --omit=peer" ;; \
      *) echo "EMBEDDINGS_STACK must be true or false, not '$EMBEDDINGS_STACK'" >&2; exit 1 ;; esac \
  && case "$BUILTIN_CHAT" in true) ;; false) npm pkg delete dependencies.node-llama-cpp ;; \
      *) echo "BUILTIN_CHAT must be true or false, not '$BUILTIN_CHAT'" >&2; exit 1 ;; esac \
  && npm prune $omit --no-audit --no-fund \
  && node scripts/docker/prune-node-modules.js node_modules \
  && rm -rf node_modules/typescript node_modules/node-llama-cpp/llama/gitRelease.bundle \
  && (cd node_modules/better-sqlite3 && mv build/Release/better_sqlite3.node . && rm -rf build deps src \
      && mkdir -p build/Release && mv better_sqlite3.node build/Release/) \
  && if [ -d node_modules/onnxruntime-web/dist ]; then find node_modules/onnxruntime-web/dist -type f ! -name 'ort.node.min.*' -delete; fi \
  && find node_modules/react-dom/cjs -type f -name '*.js' \
       ! -name 'react-dom.*' ! -name 'react-dom-server.node.*' ! -name 'react-dom-server-legacy.node.*' -delete \
  && if [ "$BUILTIN_CHAT" = false ]; then test ! -e node_modules/node-llama-cpp; fi \
  && du -sh node_modules

# Node's binary without its symbol table, 18 MB smaller: addons link against its dynamic symbols, which strip keeps.
FROM build AS node-binary
RUN strip --strip-all -o /node /usr/local/bin/node && /node -e "require('node:assert')(new Intl.NumberFormat('de').format(1.5) === '1,5')"

# OCR for scanned PDF pages: tesseract, and pdftoppm to draw a page pdf.js cannot. The libraries come from apt;
# the two programs are taken alone from their packages, tesseract-ocr and poppler-utils, whose other programs
# (training tools, pdftocairo) need pango, cairo, glib and X11, and tesseract-ocr the orientation model
# (osd.traineddata, for --psm 0/1, which OCR here never asks for): 25 MB left out. Without npm, corepack and yarn
# (the image runs node directly: backups are `node build/workers/backup-cli.js`) and Node's C headers, which are
# for compiling native modules, done in the build stage. Without apt, dpkg's database, debconf, perl and the
# archive keyring (15 MB; nobody installs packages in the running image: build a new one), manuals and
# documentation but the packages' copyright files, and glibc's gconv
# modules (8 MB: iconv to legacy character sets, which neither tesseract, poppler nor Node asks for; Node's
# TextDecoder has its own ICU). Their files only, never a folder: with a merged /usr, /lib is a link that apt
# lists and the loader's path goes through.
FROM ${NODE_IMAGE} AS runtime
RUN apt-get update && apt-get install -y --no-install-recommends libtesseract5 tesseract-ocr-eng libpoppler126 \
  && cd /tmp && apt-get download tesseract-ocr poppler-utils \
  && dpkg-deb --fsys-tarfile tesseract-ocr_*.deb | tar -x -C / ./usr/bin/tesseract \
  && dpkg-deb --fsys-tarfile poppler-utils_*.deb | tar -x -C / ./usr/bin/pdftoppm \
  && rm -f /tmp/*.deb && rm -rf /var/lib/apt/lists/* \
  && tesseract --list-langs && pdftoppm -v \
  && rm -rf /usr/local/include /usr/local/lib/node_modules /opt/yarn-* \
  && rm -f /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack /usr/local/bin/yarn /usr/local/bin/yarnpkg \
  && for p in apt libapt-pkg6.0 debconf perl-base debian-archive-keyring gpgv; do \
       dpkg -L "$p" | while read -r f; do if [ ! -d "$f" ] && { [ -f "$f" ] || [ -L "$f" ]; }; then rm -f "$f"; fi; done; done \
  && rm -rf /etc/apt /var/lib/apt /var/cache/apt /var/cache/debconf /var/lib/dpkg /var/log/* /usr/share/man \
       /usr/lib/*-linux-gnu/gconv \
  && find /usr/share/doc -type f ! -name copyright -delete \
  && tesseract --list-langs && pdftoppm -v && /usr/local/bin/node -e "require('node:assert')(new TextDecoder('latin1').decode(Uint8Array.of(0xe9)) === '\u00e9')" \
  && mkdir -p /app/data /app/models && chown node:node /app/data /app/models
COPY --from=node-binary /node /usr/local/bin/node
COPY --from=deps /app/node_modules /app/node_modules
COPY --from=build /app/build /app/build
COPY package.json server.js /app/
COPY db /app/db
COPY scripts/ensure-build.js /app/scripts/
COPY models/README.md /app/models/

# One layer, so what the stage above removed from the base (headers, npm, the unstripped node) is not shipped in a
# layer below.
FROM scratch
COPY --from=runtime / /
ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    NODE_ENV=production PORT=3000 DATA_DIR=/app/data MODELS_DIR=/app/models
WORKDIR /app
USER node
VOLUME ["/app/data", "/app/models"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server.js"]
