//! Lossy UTF-8 decoding: `utfast::from_utf8_lossy` against std's
//! `String::from_utf8_lossy` and encoding_rs's UTF-8 decoder (which also replaces
//! each maximal subpart by U+FFFD), and lossy UTF-8 to UTF-16 against encoding_rs
//! and std (`from_utf8_lossy` then `encode_utf16`), side by side in one criterion
//! group per input.
//!
//! Inputs, each in two forms: `valid` (as is) and `err1k` (one invalid byte, 0xFF,
//! inserted at the first character boundary of every KiB, so the output differs
//! from the input every KiB):
//!
//! - `lossy/gen/<script>/<form>`: 256 KiB of generated text (`utfast::sample`).
//! - `lossy/corpus/<dir>/<file>/<form>`: every `*.utf8.txt` under `UTFAST_CORPUS`
//!   (or `../shared/corpus`).
//!
//! Benchmark names: `utfast/from_utf8_lossy`, `std/from_utf8_lossy`,
//! `encoding_rs/decode`, `utfast/utf8_to_utf16_lossy`, `encoding_rs/decode_to_utf16`,
//! `std/lossy_encode_utf16`. Throughput counts input bytes.
//!
//! Also `utf16-lossy/gen/<script>/<form>`: the generated text in UTF-16 (`valid`;
//! `err1k`: an unpaired surrogate D800 inserted every 512 units), decoded to a
//! `String` by `utfast/utf16_to_string_lossy` and `std/from_utf16_lossy`, and
//! repaired in place by `utfast/repair_utf16` (throughput: bytes of UTF-16).
//!
//! And `cesu8/gen/<script>`: the generated text in CESU-8, decoded by
//! `utfast/cesu8_to_string` and the `cesu8` crate's `cesu8/from_cesu8`, and the
//! text encoded by `utfast/str_to_cesu8` and `cesu8/to_cesu8` (throughput: bytes
//! of CESU-8).
//!
//! ```text
//! UTFAST_BENCH_QUICK=1 cargo bench --bench lossy
//! python3 scripts/lossy-summary.py
//! ```

mod common;

use std::hint::black_box;
use utfast::ByteOrder;

use criterion::{Criterion, Throughput};

/// Bytes of generated text per script.
const GENERATED_SIZE: usize = 256 << 10;

/// `text` with 0xFF inserted at the first character boundary at or after every
/// multiple of 1024 bytes.
fn with_error_per_kib(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + text.len() / 1024 + 1);
    let mut next = 0;
    for (i, c) in text.char_indices() {
        if i >= next {
            out.push(0xFF);
            next = (i / 1024 + 1) * 1024;
        }
        out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
    }
    out
}

fn bench_input(c: &mut Criterion, id: &str, input: &[u8]) {
    // The implementations must agree before they are timed.
    let std_out = String::from_utf8_lossy(input);
    assert_eq!(utfast::from_utf8_lossy(input), std_out, "{id}");
    let (rs_out, _) = encoding_rs::UTF_8.decode_without_bom_handling(input);
    assert_eq!(rs_out, std_out, "{id}: encoding_rs");
    let std16: Vec<u16> = std_out.encode_utf16().collect();
    assert_eq!(
        utfast::utf8::to_utf16_lossy(input, ByteOrder::NATIVE),
        std16,
        "{id}: UTF-16"
    );

    let mut g = c.benchmark_group(id);
    g.throughput(Throughput::Bytes(input.len() as u64));
    g.bench_function("utfast/from_utf8_lossy", |b| {
        b.iter(|| utfast::from_utf8_lossy(black_box(input)).len())
    });
    g.bench_function("std/from_utf8_lossy", |b| {
        b.iter(|| String::from_utf8_lossy(black_box(input)).len())
    });
    g.bench_function("encoding_rs/decode", |b| {
        b.iter(|| {
            encoding_rs::UTF_8
                .decode_without_bom_handling(black_box(input))
                .0
                .len()
        })
    });
    g.bench_function("utfast/utf8_to_utf16_lossy", |b| {
        b.iter(|| utfast::utf8::to_utf16_lossy(black_box(input), ByteOrder::NATIVE).len())
    });
    let mut out16 = vec![0u16; input.len() + 1];
    g.bench_function("encoding_rs/decode_to_utf16", |b| {
        b.iter(|| {
            let mut decoder = encoding_rs::UTF_8.new_decoder_without_bom_handling();
            let (_, _, written, _) = decoder.decode_to_utf16(black_box(input), &mut out16, true);
            written
        })
    });
    g.bench_function("std/lossy_encode_utf16", |b| {
        b.iter(|| {
            String::from_utf8_lossy(black_box(input))
                .encode_utf16()
                .collect::<Vec<u16>>()
                .len()
        })
    });
    g.finish();
}

fn bench_both_forms(c: &mut Criterion, id: &str, text: &str) {
    bench_input(c, &format!("{id}/valid"), text.as_bytes());
    bench_input(c, &format!("{id}/err1k"), &with_error_per_kib(text));
}

/// Lossy UTF-16 to UTF-8 against std, valid and with an unpaired surrogate every
/// 512 units; and in-place repair.
fn bench_utf16(c: &mut Criterion, id: &str, text: &str) {
    let valid: Vec<u16> = text.encode_utf16().collect();
    let mut broken = Vec::with_capacity(valid.len() + valid.len() / 512 + 1);
    for (i, &unit) in valid.iter().enumerate() {
        // Before a unit that is not a low surrogate, so pairs stay whole.
        if i % 512 == 0 && !(0xDC00..0xE000).contains(&unit) {
            broken.push(0xD800);
        }
        broken.push(unit);
    }
    for (form, units) in [("valid", &valid), ("err1k", &broken)] {
        let want = String::from_utf16_lossy(units);
        assert_eq!(
            utfast::utf16::to_string_lossy(units, ByteOrder::NATIVE),
            want,
            "{id}"
        );
        let mut g = c.benchmark_group(format!("{id}/{form}"));
        g.throughput(Throughput::Bytes(2 * units.len() as u64));
        g.bench_function("utfast/utf16_to_string_lossy", |b| {
            b.iter(|| utfast::utf16::to_string_lossy(black_box(units), ByteOrder::NATIVE).len())
        });
        g.bench_function("std/from_utf16_lossy", |b| {
            b.iter(|| String::from_utf16_lossy(black_box(units)).len())
        });
        let mut scratch = units.clone();
        g.bench_function("utfast/repair_utf16", |b| {
            b.iter(|| {
                scratch.copy_from_slice(units);
                utfast::utf16::repair(black_box(&mut scratch), ByteOrder::NATIVE)
            })
        });
        g.finish();
    }
}

/// CESU-8 both ways against the `cesu8` crate.
fn bench_cesu8(c: &mut Criterion, id: &str, text: &str) {
    let cesu = cesu8::to_cesu8(text).into_owned();
    assert_eq!(
        &*utfast::variant::str_to_cesu8(text),
        cesu.as_slice(),
        "{id}"
    );
    assert_eq!(
        utfast::variant::cesu8_to_string(&cesu).unwrap(),
        text,
        "{id}"
    );
    let mut g = c.benchmark_group(id);
    g.throughput(Throughput::Bytes(cesu.len() as u64));
    g.bench_function("utfast/cesu8_to_string", |b| {
        b.iter(|| utfast::variant::cesu8_to_string(black_box(&cesu)).map(|s| s.len()))
    });
    g.bench_function("cesu8/from_cesu8", |b| {
        b.iter(|| cesu8::from_cesu8(black_box(&cesu)).map(|s| s.len()))
    });
    g.bench_function("utfast/str_to_cesu8", |b| {
        b.iter(|| utfast::variant::str_to_cesu8(black_box(text)).len())
    });
    g.bench_function("cesu8/to_cesu8", |b| {
        b.iter(|| cesu8::to_cesu8(black_box(text)).len())
    });
    g.finish();
}

fn main() {
    let mut c = common::criterion();
    eprintln!("CPU: {}", common::cpu_model());
    for (script, text) in common::generated_texts(GENERATED_SIZE) {
        bench_both_forms(&mut c, &format!("lossy/gen/{script}"), &text);
        bench_utf16(&mut c, &format!("utf16-lossy/gen/{script}"), &text);
        bench_cesu8(&mut c, &format!("cesu8/gen/{script}"), &text);
    }
    if let Some(dir) = common::corpus_dir_or_say() {
        for (rel, text) in common::utf8_texts(&dir) {
            bench_both_forms(&mut c, &format!("lossy/corpus/{rel}"), &text);
        }
    }
    c.final_summary();
}
