#!/usr/bin/env bash
# Writes a few starting inputs for the utf8_validate fuzz target into
# fuzz/corpus/utf8_validate/ (git-ignored): valid text in 1- to 4-byte characters at
# sizes around the 16/32/64-byte block edges, and each kind of error placed near a
# block edge. libFuzzer mutates from these; the fuzzer works without them too.
#
# Usage:  bash fuzz/seed-corpus.sh
set -euo pipefail
cd "$(dirname "$0")"
dir=corpus/utf8_validate
mkdir -p "$dir"

# repeat TEXT N: TEXT N times.
repeat() { local i; for ((i = 0; i < $2; i++)); do printf '%s' "$1"; done; }

n=0
seed() { printf '%b' "$1" >"$dir/seed-$(printf '%03d' "$n")"; n=$((n + 1)); }

for len in 15 16 17 31 32 33 63 64 65 127 128 129; do
    seed "$(repeat a "$len")"
done
seed "$(repeat 'é' 40)"            # 2-byte characters
seed "$(repeat '€' 30)"            # 3-byte characters
seed "$(repeat '𝄞' 20)"            # 4-byte characters
seed "$(repeat 'aé€𝄞' 10)"         # mixed widths, straddling block edges
# One error of each kind after 63 bytes of ASCII, so it straddles the first block edge.
prefix=$(repeat x 63)
for bad in '\x80' '\xC3x' '\xE2\x82' '\xC0\xAF' '\xE0\x80\x80' '\xED\xA0\x80' \
    '\xF4\x90\x80\x80' '\xF5' '\xFF' '\xF0\x9F\x98'; do
    seed "$prefix$bad"
    seed "$(repeat 'é' 30)$bad$(repeat z 40)"
done
echo "wrote $n seeds to fuzz/$dir"
