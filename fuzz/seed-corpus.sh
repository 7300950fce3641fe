#!/usr/bin/env bash
# Writes starting inputs for every fuzz target into fuzz/corpus/TARGET/ (git-ignored;
# nothing here is committed). libFuzzer mutates from these; the targets work without
# them too. Two sources:
#
#   - generated text: runs of 1- to 4-byte characters at sizes around the 16/32/64-
#     byte block edges, and each kind of error placed near a block edge;
#   - slices of ../shared/corpus (or $UTFAST_CORPUS), when it is there: real text in
#     many scripts, as UTF-8, UTF-16LE and Latin-1 (and UTF-32LE made from the UTF-8).
#
# utf8_validate takes raw UTF-8. The transcoding targets take a 3-byte header before
# the payload (output length, alignments, repair; see fuzz/src/lib.rs); the seeds
# cycle through a few headers: room to spare, the exact length, a little too short.
# UTF-16 and UTF-32 payloads are little-endian; iconv (glibc's, in Debian's
# libc-bin) makes them and cuts corpus slices at character boundaries.
#
# Usage:  bash fuzz/seed-corpus.sh        (from anywhere)
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${UTFAST_CORPUS:-../shared/corpus}

utf8_targets=(utf8_to_utf16 utf8_to_utf32 latin1)
utf16_targets=(utf16_to_utf8 utf16_check)
utf32_targets=(utf32_to_utf8)

# Headers, cycled through: output length with room, exact (input shifted by 1), 3
# short (input shifted by 33), 1 short, and room with the repair bit (valid text
# from any payload).
headers=('\x00\x00\x00' '\x02\x81\x05' '\x0b\xa1\x07' '\x03\x3f\x3f' '\x01\x40\x00')

n=0
# put TARGET [RAW]: standard input as a seed of TARGET, after a header unless RAW.
# (Feed it by redirection, not a pipe: a pipe would run it in a subshell and lose
# the count.)
put() {
    local dir=fuzz/corpus/$1
    mkdir -p "$dir"
    {
        if [ -z "${2:-}" ]; then printf '%b' "${headers[n % ${#headers[@]}]}"; fi
        cat
    } >"$dir/seed-$(printf '%04d' "$n")"
    n=$((n + 1))
}

# repeat TEXT N: TEXT N times.
repeat() { local i; for ((i = 0; i < $2; i++)); do printf '%s' "$1"; done; }

# to ENCODING: standard input (UTF-8) in ENCODING, unrepresentable characters dropped.
to() { iconv -c -f UTF-8 -t "$1" 2>/dev/null || true; }

scratch=$(mktemp)
trap 'rm -f "$scratch"' EXIT

# utf8_scratch: the bytes of $scratch (may be invalid UTF-8) for the UTF-8 targets.
utf8_scratch() {
    put utf8_validate raw <"$scratch"
    local target
    for target in "${utf8_targets[@]}"; do put "$target" <"$scratch"; done
}

# utf8_seed TEXT: TEXT (printf %b escapes; may be invalid) for the UTF-8 targets.
utf8_seed() {
    printf '%b' "$1" >"$scratch"
    utf8_scratch
}

# text_seed TEXT: valid UTF-8 TEXT for every target, in each one's input encoding.
text_seed() {
    utf8_seed "$1"
    local target
    for target in "${utf16_targets[@]}"; do put "$target" < <(printf '%s' "$1" | to UTF-16LE); done
    for target in "${utf32_targets[@]}"; do put "$target" < <(printf '%s' "$1" | to UTF-32LE); done
    put latin1 < <(printf '%s' "$1" | to ISO-8859-1)
}

# units_seed TARGETS BEFORE BAD AFTER: UTF-8 texts BEFORE and AFTER in the targets'
# encoding ($2 is UTF-16LE or UTF-32LE) around the raw bytes BAD (%b escapes).
units_seed() {
    local encoding=$1 target
    shift
    local before=$1 bad=$2 after=$3
    local -n targets=$4
    for target in "${targets[@]}"; do
        put "$target" < <(
            printf '%s' "$before" | to "$encoding"
            printf '%b' "$bad"
            printf '%s' "$after" | to "$encoding"
        )
    done
}

# --- Generated text -----------------------------------------------------------
for len in 15 16 17 31 32 33 63 64 65 127 128 129; do
    text_seed "$(repeat a "$len")"
done
text_seed "$(repeat 'é' 40)"          # 2-byte characters (Latin-1 too)
text_seed "$(repeat 'ж' 40)"          # 2-byte characters above U+00FF
text_seed "$(repeat '€' 30)"          # 3-byte characters
text_seed "$(repeat '𝄞' 20)"          # 4-byte characters, surrogate pairs
text_seed "$(repeat 'aé€𝄞' 10)"       # mixed widths, straddling block edges
text_seed "$(repeat x 61)ÿé$(repeat y 70)"   # Latin-1 after a block of ASCII
text_seed "$(repeat x 63)€$(repeat z 40)"    # not Latin-1 after a block of ASCII

# Each kind of UTF-8 error after 63 bytes of ASCII (straddling the first block
# edge), and inside 2-byte text.
prefix=$(repeat x 63)
for bad in '\x80' '\xC3x' '\xE2\x82' '\xC0\xAF' '\xE0\x80\x80' '\xED\xA0\x80' \
    '\xF4\x90\x80\x80' '\xF5' '\xFF' '\xF0\x9F\x98'; do
    utf8_seed "$prefix$bad"
    utf8_seed "$(repeat 'é' 30)$bad$(repeat z 40)"
done

# Each kind of UTF-16 error (lone high, lone low, high at the end) and UTF-32 error
# (surrogate, above U+10FFFF) after a block of ASCII or of wider characters.
for before in "$(repeat x 31)" "$(repeat 'é€' 16)"; do
    units_seed UTF-16LE "$before" '\x00\xD8' "$(repeat y 40)" utf16_targets
    units_seed UTF-16LE "$before" '\x00\xDC' "$(repeat y 40)" utf16_targets
    units_seed UTF-16LE "$before" '\x3D\xD8' '' utf16_targets
    units_seed UTF-32LE "$before" '\x00\xD8\x00\x00' "$(repeat y 20)" utf32_targets
    units_seed UTF-32LE "$before" '\x00\x00\x11\x00' "$(repeat y 20)" utf32_targets
done

# --- Slices of the shared corpus ----------------------------------------------
# slice FILE OFFSET LENGTH: LENGTH bytes of FILE from OFFSET.
slice() { head -c $(($2 + $3)) "$1" | tail -c +$(($2 + 1)); }

slices=0
if [ -d "$corpus" ]; then
    for file in "$corpus"/*/*.utf8.txt; do
        for size in 100 1500; do
            slice "$file" 4096 "$size" | to UTF-8 >"$scratch"
            utf8_scratch
            for target in "${utf32_targets[@]}"; do put "$target" < <(to UTF-32LE <"$scratch"); done
            slices=$((slices + 1))
        done
    done
    for file in "$corpus"/*/*.utf16.txt; do
        for size in 200 3000; do
            for target in "${utf16_targets[@]}"; do
                put "$target" < <(slice "$file" 8192 "$size" | iconv -c -f UTF-16LE -t UTF-16LE 2>/dev/null)
            done
            slices=$((slices + 1))
        done
    done
    for file in "$corpus"/*/*.latin1.txt; do
        for size in 100 1500; do
            put latin1 < <(slice "$file" 4096 "$size")
            slices=$((slices + 1))
        done
    done
    echo "corpus: $slices slices of $corpus"
else
    echo "corpus: $corpus not found; generated seeds only"
fi

for dir in fuzz/corpus/*/; do
    echo "$(find "$dir" -name 'seed-*' | wc -l) seeds in $dir"
done
