#!/usr/bin/env bash
# Cross-builds utfast for aarch64-unknown-linux-gnu and runs its tests under
# qemu-aarch64, so the NEON kernel is checked against the scalar reference and std
# on a machine that is x86-64.
#
# Uses Debian's Rust (rustc-web / cargo-web 1.96, which ship an aarch64 std as
# libstd-rust-web-dev:arm64) rather than rustup's, whose toolchain has no aarch64
# std here; builds go to target/aarch64-debian so they never clash with rustup's.
# Runs the library unit tests and tests/{utf8,transcode,lossy,variants,detect,
# spec_examples,stream}.rs
# with UTFAST_TEST_QUICK=1,
# checks that NEON was among the kernels under test, and that
# examples/which_kernel picks `neon`. Not run: doc tests (not cross-compiled), and
# utfast-cli (tests/cli.rs spawns the aarch64 `utfast` binary as a child process; that
# needs qemu registered with binfmt_misc, which this script does not set up).
#
# Binaries run as `qemu-aarch64 BINARY`, without `-L /usr/aarch64-linux-gnu`: they
# use the multiarch loader and libc of libc6:arm64 (/lib/ld-linux-aarch64.so.1,
# /lib/aarch64-linux-gnu). With `-L`, qemu takes the loader from the cross sysroot
# (libc6-arm64-cross 2.36-8cross1) but that loader still finds libc6:arm64's
# libc.so.6 (2.36-9+deb12uN) first; the mismatched pair hangs in the first
# pthread_create, so every test binary hangs.
#
# Installs what it needs (Debian bookworm, as root) when missing: arm64 as a dpkg
# foreign architecture, rustc-web cargo-web libstd-rust-web-dev:arm64 libc6:arm64
# gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user. Waits for any apt/dpkg
# already running instead of racing it.
#
# Usage:  bash scripts/test-aarch64.sh              install if needed, build, test
#         bash scripts/test-aarch64.sh --deps-only  only install the packages
# On this 2-core machine: about 2 minutes to build from cold and 1.5 to 3 to run
# (more when the machine is busy), once the packages are installed (about 1 more).
set -euo pipefail

cd "$(dirname "$0")/.."

TARGET=aarch64-unknown-linux-gnu
PACKAGES=(rustc-web cargo-web libstd-rust-web-dev:arm64 libc6:arm64
    gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user)
# The test targets run under qemu (tests/cli.rs needs binfmt_misc: see above).
TESTS=(--lib --test utf8 --test transcode --test lossy --test variants --test detect
    --test spec_examples --test stream)

deps_only=false
case "${1:-}" in
"") ;;
--deps-only) deps_only=true ;;
*)
    echo "usage: $0 [--deps-only]" >&2
    exit 2
    ;;
esac

# True while another apt-get, apt, aptitude, dpkg or unattended-upgrade runs.
apt_is_busy() {
    local name
    for name in apt apt-get aptitude dpkg unattended-upgr; do
        pgrep -x "$name" >/dev/null && return 0
    done
    return 1
}

# Waits (up to 30 minutes) for a running apt or dpkg to finish.
wait_for_apt() {
    local waited=0
    while apt_is_busy; do
        if [ "$waited" -eq 0 ]; then
            echo "test-aarch64: waiting for a running apt/dpkg to finish..."
        fi
        if [ "$waited" -ge 1800 ]; then
            echo "test-aarch64: apt/dpkg still busy after 30 minutes; giving up" >&2
            exit 1
        fi
        sleep 5
        waited=$((waited + 5))
    done
}

is_installed() {
    dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q '^install ok installed$'
}

install_packages() {
    wait_for_apt
    local missing=()
    for package in "${PACKAGES[@]}"; do
        is_installed "$package" || missing+=("$package")
    done
    if [ "${#missing[@]}" -eq 0 ]; then
        echo "test-aarch64: packages already installed"
        return
    fi
    if [ "$(id -u)" -ne 0 ]; then
        echo "test-aarch64: missing packages ${missing[*]}; run as root or install them:" >&2
        echo "  dpkg --add-architecture arm64 && apt-get update && apt-get install -y ${PACKAGES[*]}" >&2
        exit 1
    fi
    echo "test-aarch64: installing ${missing[*]}"
    if ! dpkg --print-foreign-architectures | grep -qx arm64; then
        dpkg --add-architecture arm64
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    # An earlier install that was interrupted leaves packages half-unpacked, and
    # apt then refuses every install until they are repaired.
    if [ -n "$(dpkg --audit)" ]; then
        echo "test-aarch64: repairing an interrupted dpkg run first"
        dpkg --configure -a || true
        apt-get install -y -q -f
    fi
    apt-get install -y -q --no-install-recommends "${missing[@]}"
}

start=$SECONDS
install_packages
if $deps_only; then
    exit 0
fi

# Debian's toolchain, explicitly: rustup's cargo and rustc come first on PATH.
export RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc
CARGO=/usr/bin/cargo
export CARGO_TARGET_DIR=target/aarch64-debian
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER=qemu-aarch64
export UTFAST_TEST_QUICK=1
# Build lighter than the crate's profiles: no debug info, and dependencies
# unoptimised (criterion and its clap/regex/serde tree are built for nothing but
# linking). A cold build drops from ~10.5 to ~2 CPU-minutes; the emulated tests
# run about as fast, since utfast itself keeps the test profile's opt-level 3.
export CARGO_PROFILE_DEV_DEBUG=0 CARGO_PROFILE_TEST_DEBUG=0
LIGHT=(-p utfast --config 'profile.dev.package."*".opt-level=0')

echo "test-aarch64: $("$CARGO" --version), $("$RUSTC" --version)"

echo "== building for $TARGET"
build_start=$SECONDS
"$CARGO" test "${LIGHT[@]}" --target "$TARGET" "${TESTS[@]}" --no-run
"$CARGO" build "${LIGHT[@]}" --target "$TARGET" --example which_kernel
echo "   (built in $((SECONDS - build_start)) s)"

echo "== running the tests under qemu-aarch64 (UTFAST_TEST_QUICK=1)"
test_start=$SECONDS
# A guard: a wedged emulator should fail the run, not hang CI.
timeout 1200 "$CARGO" test "${LIGHT[@]}" --target "$TARGET" "${TESTS[@]}"
echo "   (ran in $((SECONDS - test_start)) s)"

failures=0
echo "== checks"
# The conformance suite names the kernels it compared; NEON must be one of them.
kernels=$("$CARGO" test "${LIGHT[@]}" --quiet --target "$TARGET" --test utf8 \
    this_build_has_the_kernels_of_its_architecture -- --nocapture 2>&1 |
    grep 'kernels under test' || true)
if grep -q 'Neon' <<<"$kernels"; then
    echo "PASS  tests/utf8.rs ran the NEON kernel: $kernels"
else
    echo "FAIL  tests/utf8.rs did not report the NEON kernel (got: '${kernels:-nothing}')"
    failures=$((failures + 1))
fi

chosen=$(qemu-aarch64 "$CARGO_TARGET_DIR/$TARGET/debug/examples/which_kernel" || true)
if [ "$chosen" = neon ]; then
    echo "PASS  which_kernel under qemu-aarch64: $chosen"
else
    echo "FAIL  which_kernel under qemu-aarch64: got '$chosen', want 'neon'"
    failures=$((failures + 1))
fi

echo
echo "test-aarch64: took $((SECONDS - start)) s"
if [ "$failures" -ne 0 ]; then
    echo "test-aarch64: $failures check(s) FAILED"
    exit 1
fi
echo "test-aarch64: all checks passed"
