#!/usr/bin/env bash
# One command to run Kinora on its embedded defaults (PGlite and files under ./data) with demo
# content: `bash scripts/up.sh`. Installs what is missing, installs npm packages and builds only
# when out of date (so a later start takes seconds), then `npm start`.
# Honours PORT (default 3000), DATA_DIR (default ./data) and every other variable of src/server/env.ts.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

say() { echo "[up] $*"; }

node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)' ||
  { say "Node.js >= 20.19 is needed (found $(node --version))"; exit 1; }

# 1. Debian packages, only those missing (apt-get update is slow, so skip it when nothing is).
packages=(ffmpeg nginx libnginx-mod-http-js libnginx-mod-rtmp chromium postgresql xmltv-util)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  say "installing ${missing[*]}"
  $sudo apt-get update -q
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
fi

# 2. npm packages, when node_modules is missing or was installed from another lockfile.
stamp=node_modules/.kinora-installed
lock_sum=$(cat package.json package-lock.json | sha256sum | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$lock_sum" ]; then
  say "npm ci"
  npm ci --no-audit --no-fund
  echo "$lock_sum" >"$stamp"
elif [ prisma/schema.prisma -nt src/generated/prisma/client.ts ]; then
  say "prisma generate"
  node scripts/prisma-generate.mjs
fi

# 3. The production build, when missing or older than anything it is built from.
if [ ! -f .next/BUILD_ID ] ||
  [ -n "$(find src public prisma/schema.prisma next.config.js tsconfig.json package-lock.json \
    -newer .next/BUILD_ID -print -quit 2>/dev/null)" ]; then
  say "npm run build"
  npm run build
fi

# 4. Serve. The demo users are seeded by the server process itself (PGlite allows one process). Their
# passwords are public, so in demo mode the launcher listens on 127.0.0.1 unless HOST is set.
say "checked and prepared in ${SECONDS} s; starting on http://localhost:${PORT:-3000} (data in ${DATA_DIR:-./data}); demo login: demo / demo-password-1"
[ -n "${HOST:-}" ] || say "reachable from this machine only; HOST=0.0.0.0 opens it to the network (with the demo logins)"
KINORA_DEMO=1 exec npm start
