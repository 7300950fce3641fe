#!/usr/bin/env bash
# Checks utfast's run-time kernel choice on x86-64 CPUs this machine is not.
#
# Builds examples/which_kernel.rs (dev profile: quickest to build) and runs it under
# qemu-user with CPU models that hide features:
#
#     qemu-x86_64 -cpu core2duo  -> scalar   (no SSE4.2)
#     qemu-x86_64 -cpu Nehalem   -> sse4.2
#     qemu-x86_64 -cpu Haswell   -> avx2     (qemu 7.2's TCG has no AVX-512)
#
# plus the UTFAST_KERNEL override: natively `scalar` is honoured, and a kernel the
# CPU cannot run (`neon` on x86; `avx2` on Nehalem) is ignored. Then, unless
# UTFAST_CPU_MODEL_TESTS=0, runs the conformance tests (tests/utf8.rs, quick mode)
# under each model, so the free functions run with the dispatcher's own choice on
# each kernel, and any instruction the model lacks would fault. The two exhaustive
# edge tests are skipped there (about 3 minutes per model under emulation); plain
# `cargo test` runs them natively against every kernel via `Engine::new`.
# The three emulated runs take about 25 s.
#
# Usage:  bash scripts/test-cpu-models.sh        (from anywhere; needs qemu-user)
# Prints one PASS/FAIL line per check and exits non-zero if any check failed.
set -euo pipefail

cd "$(dirname "$0")/.."

if ! command -v qemu-x86_64 >/dev/null; then
    echo "test-cpu-models: qemu-x86_64 not found; install Debian's qemu-user" >&2
    exit 2
fi

failures=0
pass() { echo "PASS  $*"; }
fail() { echo "FAIL  $*"; failures=$((failures + 1)); }

echo "== building examples/which_kernel"
cargo build -p utfast --quiet --example which_kernel
which_kernel="${CARGO_TARGET_DIR:-target}/debug/examples/which_kernel"

qemu_log=$(mktemp)
trap 'rm -f "$qemu_log"' EXIT

# expect LABEL WANT COMMAND...: runs COMMAND, compares its first stdout line with WANT.
expect() {
    local label=$1 want=$2
    shift 2
    local got
    if ! got=$("$@" 2>"$qemu_log" | head -n 1) || [ -z "$got" ]; then
        fail "$label: command failed or printed nothing: $*"
        sed 's/^/      /' "$qemu_log"
        return
    fi
    if [ "$got" = "$want" ]; then
        pass "$label: $got"
    else
        fail "$label: got '$got', want '$want'"
    fi
}

echo "== kernel chosen per CPU model (qemu-x86_64)"
expect "core2duo" scalar qemu-x86_64 -cpu core2duo "$which_kernel"
expect "Nehalem " sse4.2 qemu-x86_64 -cpu Nehalem "$which_kernel"
expect "Haswell " avx2 qemu-x86_64 -cpu Haswell "$which_kernel"

echo "== UTFAST_KERNEL override"
native=$("$which_kernel")
echo "      (this CPU, no override: $native; available: $("$which_kernel" --all | sed -n 's/^available: //p'))"
expect "native, UTFAST_KERNEL=scalar" scalar env UTFAST_KERNEL=scalar "$which_kernel"
expect "native, UTFAST_KERNEL=neon ignored" "$native" env UTFAST_KERNEL=neon "$which_kernel"
expect "native, UTFAST_KERNEL=bogus ignored" "$native" env UTFAST_KERNEL=bogus "$which_kernel"
expect "Haswell, UTFAST_KERNEL=sse42" sse4.2 \
    env UTFAST_KERNEL=sse42 qemu-x86_64 -cpu Haswell "$which_kernel"
expect "Nehalem, UTFAST_KERNEL=avx2 ignored" sse4.2 \
    env UTFAST_KERNEL=avx2 qemu-x86_64 -cpu Nehalem "$which_kernel"

if [ "${UTFAST_CPU_MODEL_TESTS:-1}" != 0 ]; then
    echo "== tests/utf8.rs under emulated CPUs (UTFAST_TEST_QUICK=1)"
    # Build once, natively; ask cargo for the test executable's path.
    # (Diagnostics go to stdout as JSON; cargo's own errors still reach stderr.)
    test_bin=$(cargo test -p utfast --quiet --test utf8 --no-run --message-format=json |
        grep '"kind":\["test"\]' | grep '"name":"utf8"' |
        sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -n 1) || true
    if [ -z "$test_bin" ] || [ ! -x "$test_bin" ]; then
        fail "could not build or locate the tests/utf8.rs test binary"
    else
        for cpu in core2duo Nehalem Haswell; do
            start=$SECONDS
            if UTFAST_TEST_QUICK=1 qemu-x86_64 -cpu "$cpu" "$test_bin" -q \
                --skip exhaustive_three_bytes_at_edges --skip exhaustive_four_bytes_at_edges \
                >"$qemu_log.out" 2>"$qemu_log"; then
                pass "tests/utf8.rs on $cpu: $(grep -o '[0-9]* passed' "$qemu_log.out"), $((SECONDS - start)) s"
            else
                fail "tests/utf8.rs on $cpu"
                grep -hv "TCG doesn't support" "$qemu_log" "$qemu_log.out" | tail -n 40 | sed 's/^/      /'
            fi
            rm -f "$qemu_log.out"
        done
    fi
fi

echo
if [ "$failures" -eq 0 ]; then
    echo "test-cpu-models: all checks passed"
else
    echo "test-cpu-models: $failures check(s) FAILED"
    exit 1
fi
