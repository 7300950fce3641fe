//! Columns of 1M rows (average 8, 16 and 64 bytes, a third of the rows
//! non-ASCII), valid and with one invalid row per 10,000: utfast's column
//! kernels against arrow-rs (`StringArray::try_new`, which validates), per-row
//! `std::str::from_utf8` and simdutf8 loops, and per-row `from_utf8_lossy`.
//! Run: `cargo bench -p utfast-arrow`.

use std::hint::black_box;

use arrow_array::{Array, BinaryArray, StringArray};
use arrow_buffer::{Buffer, OffsetBuffer, ScalarBuffer};
use criterion::{Criterion, Throughput};
use utfast_arrow::{binary_to_string, OnInvalid};

/// Rows of about `average` bytes: every third row non-ASCII (Latin, Cyrillic
/// or CJK letters), and, with `bad_every`, an invalid byte in every
/// `bad_every`-th row.
fn column(rows: usize, average: usize, bad_every: Option<usize>) -> (Vec<u8>, Vec<i32>) {
    let pieces = ["é", "ж", "日"];
    let (mut values, mut offsets) = (Vec::new(), vec![0i32]);
    let mut seed = 0x5EED_u64;
    for row in 0..rows {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let len = 1 + (seed >> 33) as usize % (2 * average - 1);
        let start = values.len();
        while values.len() - start < len {
            if row % 3 == 0 && (values.len() - start) % 5 == 0 {
                values.extend_from_slice(pieces[row % 9 / 3].as_bytes());
            } else {
                values.push(b'a' + ((values.len() - start) % 26) as u8);
            }
        }
        if bad_every.is_some_and(|n| row % n == n / 2) {
            values.push(0xFF);
        }
        offsets.push(values.len() as i32);
    }
    (values, offsets)
}

fn bench_column(c: &mut Criterion, average: usize, bad_every: Option<usize>) {
    let (values, offsets) = column(1_000_000, average, bad_every);
    let form = if bad_every.is_some() {
        "err10k"
    } else {
        "valid"
    };
    let mut g = c.benchmark_group(format!("columns/avg{average}/{form}"));
    g.throughput(Throughput::Bytes(values.len() as u64));
    let row = |i: usize| &values[offsets[i] as usize..offsets[i + 1] as usize];
    let rows = offsets.len() - 1;
    let binary = BinaryArray::new(
        OffsetBuffer::new(ScalarBuffer::from(offsets.clone())),
        Buffer::from_vec(values.clone()),
        None,
    );
    g.bench_function("utfast/validate_utf8_rows", |b| {
        b.iter(|| utfast::validate_utf8_rows(black_box(&values), black_box(&offsets)).is_ok())
    });
    // Arrow's buffers are shared, not copied, by `clone`: only the check is timed.
    let (arrow_offsets, arrow_values) = (binary.offsets().clone(), binary.values().clone());
    g.bench_function("arrow/StringArray::try_new", |b| {
        b.iter(|| {
            let (offsets, values) = (arrow_offsets.clone(), arrow_values.clone());
            StringArray::try_new(black_box(offsets), black_box(values), None).is_ok()
        })
    });
    g.bench_function("std/from_utf8_per_row", |b| {
        b.iter(|| (0..rows).all(|i| std::str::from_utf8(black_box(row(i))).is_ok()))
    });
    g.bench_function("simdutf8/basic_per_row", |b| {
        b.iter(|| (0..rows).all(|i| simdutf8::basic::from_utf8(black_box(row(i))).is_ok()))
    });
    g.bench_function("utfast/from_utf8_per_row", |b| {
        b.iter(|| (0..rows).all(|i| utfast::from_utf8(black_box(row(i))).is_ok()))
    });
    g.bench_function("utfast/utf8_rows_validity", |b| {
        b.iter(|| {
            utfast::utf8_rows_validity(black_box(&values), &offsets).map(|v| v.invalid_count())
        })
    });
    g.bench_function("std/validity_per_row", |b| {
        b.iter(|| {
            (0..rows)
                .filter(|&i| std::str::from_utf8(black_box(row(i))).is_err())
                .count()
        })
    });
    g.bench_function("utfast_arrow/binary_to_string_null", |b| {
        b.iter(|| binary_to_string(black_box(&binary), OnInvalid::Null).map(|a| a.null_count()))
    });
    g.bench_function("std/from_utf8_per_row_to_nulls", |b| {
        b.iter(|| {
            let text: StringArray = (0..rows)
                .map(|i| std::str::from_utf8(black_box(row(i))).ok())
                .collect();
            text.null_count()
        })
    });
    g.bench_function("utfast_arrow/binary_to_string_replace", |b| {
        b.iter(|| binary_to_string(black_box(&binary), OnInvalid::Replace).map(|a| a.len()))
    });
    g.bench_function("std/from_utf8_lossy_per_row", |b| {
        b.iter(|| {
            let text: StringArray = (0..rows)
                .map(|i| Some(String::from_utf8_lossy(black_box(row(i)))))
                .collect();
            text.len()
        })
    });
    g.finish();
}

fn main() {
    let mut c = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2))
        .sample_size(20)
        .configure_from_args();
    eprintln!(
        "CPU: {}",
        std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|s| s
                .lines()
                .find(|l| l.starts_with("model name"))
                .map(str::to_owned))
            .unwrap_or_default()
    );
    eprintln!("kernel: {}", utfast::Engine::active().kernel());
    for average in [8, 16, 64] {
        for bad in [None, Some(10_000)] {
            bench_column(&mut c, average, bad);
        }
    }
    c.final_summary();
}
