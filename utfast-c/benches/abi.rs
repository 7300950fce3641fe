//! The C ABI's cost: `utfast_validate_utf8` and `utfast_utf8_to_utf16le` called
//! as C calls them (through a function pointer the optimiser cannot see
//! through, so nothing is inlined across the boundary) against the Rust calls
//! they wrap (`utfast::validate_utf8`, `utfast::utf8::to_utf16`; the latter
//! also through a pointer, not inlined, as any call across a boundary is), side by side
//! in each criterion group: every `*.utf8.txt` of `UTFAST_CORPUS`, generated
//! text of 64 KiB, and batches of 1000 strings of 16 and 64 bytes (one call
//! each; time per call = time per iteration / 1000).
//!
//! ```text
//! UTFAST_CORPUS=../shared/corpus UTFAST_BENCH_QUICK=1 cargo bench -p utfast-c --bench abi
//! ```
//!
//! The issue's goal: the C calls within 5% of the Rust calls on the corpus, and
//! no per-call overhead worth naming from 64 bytes up.

#[path = "../../benches/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::ops::Range;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Throughput};
use utfast::sample::{self, Script};
use utfast::ByteOrder;
use utfast_c::utfast_result;

/// `utfast_validate_utf8`'s C signature.
type Validate = unsafe extern "C" fn(*const u8, usize) -> bool;

/// `utfast_utf8_to_utf16le`'s C signature.
type ToUtf16 = unsafe extern "C" fn(*const u8, usize, *mut u16, usize) -> utfast_result;

/// `utfast::utf8::to_utf16` called through a pointer: a Rust call the
/// optimiser cannot inline either, the floor for any call across a boundary.
type RustToUtf16 = fn(&[u8], &mut [u16], ByteOrder) -> Result<usize, utfast::Utf8Error>;

/// Strings per iteration of a short-string benchmark.
const BATCH: usize = 1000;

/// The four benchmarks on the strings `ranges` of `text` (one call each).
fn measure(group: &mut BenchmarkGroup<'_, WallTime>, text: &str, ranges: &[Range<usize>]) {
    let bytes = text.as_bytes();
    let longest = ranges.iter().map(|r| r.len()).max().unwrap_or(0);
    let mut units = vec![0u16; longest];
    let validate: Validate = black_box(utfast_c::validate::utfast_validate_utf8);
    let to_utf16: ToUtf16 = black_box(utfast_c::convert::utfast_utf8_to_utf16le);
    group.bench_function("rust/validate_utf8", |b| {
        b.iter(|| {
            for r in ranges {
                black_box(utfast::validate_utf8(black_box(&bytes[r.clone()])));
            }
        })
    });
    group.bench_function("c/utfast_validate_utf8", |b| {
        b.iter(|| {
            for r in ranges {
                let s = black_box(&bytes[r.clone()]);
                // SAFETY: `s` is `s.len()` readable bytes.
                black_box(unsafe { validate(s.as_ptr(), s.len()) });
            }
        })
    });
    group.bench_function("rust/utf8_to_utf16le", |b| {
        b.iter(|| {
            for r in ranges {
                let s = black_box(&bytes[r.clone()]);
                black_box(utfast::utf8::to_utf16(s, &mut units, ByteOrder::Little).ok());
            }
        })
    });
    let opaque: RustToUtf16 = black_box(utfast::utf8::to_utf16);
    group.bench_function("rust-not-inlined/utf8_to_utf16le", |b| {
        b.iter(|| {
            for r in ranges {
                let s = black_box(&bytes[r.clone()]);
                black_box(opaque(s, &mut units, ByteOrder::Little).ok());
            }
        })
    });
    group.bench_function("c/utfast_utf8_to_utf16le", |b| {
        b.iter(|| {
            for r in ranges {
                let s = black_box(&bytes[r.clone()]);
                // SAFETY: `s` is readable, `units` writable for their lengths,
                // and they do not overlap.
                let r = unsafe { to_utf16(s.as_ptr(), s.len(), units.as_mut_ptr(), units.len()) };
                // Its fields, as a C caller reads them (copying the whole
                // struct with wide loads right after the callee's narrow
                // stores would measure a store-forwarding stall instead).
                black_box(r.status as u32);
                black_box(r.written);
            }
        })
    });
}

fn main() {
    let mut c = common::criterion();
    let mut inputs: Vec<(String, String)> = common::generated_texts(64 << 10)
        .map(|(script, text)| (format!("gen/{script}/64KiB"), text))
        .collect();
    if let Some(dir) = common::corpus_dir_or_say() {
        inputs.extend(common::utf8_texts(&dir).map(|(rel, text)| (format!("corpus/{rel}"), text)));
    }
    for (name, text) in &inputs {
        let mut group = c.benchmark_group(name.as_str());
        group.throughput(Throughput::Bytes(text.len() as u64));
        measure(&mut group, text, std::slice::from_ref(&(0..text.len())));
        group.finish();
    }
    for size in [16, 64] {
        for script in [Script::Ascii, Script::Mixed] {
            let (text, ranges) = sample::short_strings(script, size..=size, BATCH, sample::SEED);
            let bytes: usize = ranges.iter().map(|r| r.len()).sum();
            let mut group = c.benchmark_group(format!("short/{}/{size}", script.name()));
            group.throughput(Throughput::Bytes(bytes as u64));
            measure(&mut group, &text, &ranges);
            group.finish();
        }
    }
    c.final_summary();
}
