#!/usr/bin/env bash
# The README's lines for C, checked: after `cargo build --release -p utfast-c`,
# target/release/utfast_c.pc gives the flags a C99 program and the C++ example
# (examples/example.cpp) build with (warnings as errors), linked against the
# shared library, and both run and give the expected answers. (The static
# library is what the C suite under `cargo test` links.)
#
#     bash utfast-c/pkg-config-check.sh        (needs pkg-config, cc and c++)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p utfast-c
pc=target/release/utfast_c.pc
if [ ! -f "$pc" ]; then
    echo "pkg-config-check: $pc was not written by utfast-c's build script" >&2
    exit 1
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/app.c" <<'C'
#include <stdio.h>
#include <string.h>

#include "utfast.h"

int main(void) {
    const char *text = "caf\xc3\xa9";
    uint16_t units[8];
    utfast_result r = utfast_utf8_to_utf16le((const uint8_t *)text, strlen(text), units, 8);
    if (r.status != UTFAST_OK || r.written != 4 || units[3] != 0xE9) {
        fprintf(stderr, "unexpected conversion\n");
        return 1;
    }
    r = utfast_check_utf8((const uint8_t *)"ab\xff", 3);
    if (r.status != UTFAST_INVALID || r.position != 2) {
        fprintf(stderr, "unexpected check\n");
        return 1;
    }
    printf("C program through pkg-config: ok (kernel %s)\n", utfast_active_kernel());
    return 0;
}
C
# shellcheck disable=SC2046 # pkg-config's flags are words
cc -std=c99 -Wall -Wextra -Werror -pedantic "$out/app.c" $(pkg-config --cflags --libs "$pc") -o "$out/app"
# shellcheck disable=SC2046
c++ -std=c++11 -Wall -Wextra -Werror utfast-c/examples/example.cpp $(pkg-config --cflags --libs "$pc") -o "$out/example"
for program in app example; do
    # ldd's whole output first: `ldd | grep -q` under pipefail fails at random
    # when grep exits at its first match and ldd, still writing, gets SIGPIPE.
    libs=$(ldd "$out/$program")
    if ! grep -q 'libutfast_c\.so' <<<"$libs"; then
        echo "pkg-config-check: $program is not linked against libutfast_c.so" >&2
        exit 1
    fi
    LD_LIBRARY_PATH=target/release "$out/$program" >"$out/$program.out"
done
cat "$out/app.out"
echo "C++ example through pkg-config: ok"
