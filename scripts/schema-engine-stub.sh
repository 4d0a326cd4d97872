#!/bin/sh
# Prisma's CLI insists on a native schema engine that cannot be downloaded offline.
# `generate`, `validate` and `format` only need the path to exist; failing loudly keeps
# `migrate`/`db push` from pretending to succeed (see PLATFORM-NOTES).
echo "schema engine not available: use npm run db:migration (wasm engine) instead" >&2
exit 1
