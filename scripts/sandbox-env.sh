# Sourced by every npm script: keeps the tools' files inside the project and their hands off the internet.
# (../docs/decisions/003-toolchain.md explains each variable.)
root=$(pwd)
export WRANGLER_SEND_METRICS=false
export CLOUDFLARE_CF_FETCH_ENABLED=false
export WRANGLER_LOG_PATH="$root/.wrangler/logs"
export WRANGLER_REGISTRY_PATH="$root/.wrangler/registry"
export MINIFLARE_REGISTRY_PATH="$root/.wrangler/registry"
export CLOUDFLARE_DEV_REGISTRY_PATH="$root/.wrangler/registry"
export XDG_CONFIG_HOME="$root/.wrangler/config"
export TMPDIR="$root/.wrangler/tmp"
mkdir -p "$TMPDIR" "$WRANGLER_LOG_PATH" "$WRANGLER_REGISTRY_PATH" "$XDG_CONFIG_HOME"
