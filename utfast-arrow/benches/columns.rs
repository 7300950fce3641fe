//! Columns of 1M rows (average 8, 16 and 64 bytes, a third of the rows
//! non-ASCII), valid and with one invalid row per 10,000: utfast's column
//! kernels against arrow-rs (`StringArray::try_new`, which validates), per-row
//! `std::str::from_utf8` and simdutf8 loops, and per-row `from_utf8_lossy`; and
//! Latin-1 and UTF-16LE columns decoded into string arrays against a per-row
//! encoding_rs loop (into Arrow's `StringBuilder`).
//! Run: `cargo bench -p utfast-arrow`.

use std::hint::black_box;

use arrow_array::builder::StringBuilder;
use arrow_array::{Array, BinaryArray, StringArray};
use arrow_buffer::{Buffer, OffsetBuffer, ScalarBuffer};
use criterion::{Criterion, Throughput};
use utfast::Encoding;
use utfast_arrow::{binary_to_string, decode_binary, OnInvalid};

fn bench_column(c: &mut Criterion, average: usize, bad_every: Option<usize>) {
    let (values, offsets) = utfast::sample::column(1_000_000, average, bad_every);
    let form = if bad_every.is_some() {
        "err10k"
    } else {
        "valid"
    };
    let mut g = c.benchmark_group(format!("columns/avg{average}/{form}"));
    g.throughput(Throughput::Bytes(values.len() as u64));
    let row = |i: usize| &values[offsets[i] as usize..offsets[i + 1] as usize];
    let rows = offsets.len() - 1;
    let binary = binary_of(values.clone(), offsets.clone());
    g.bench_function("utfast/validate_utf8_rows", |b| {
        b.iter(|| utfast::rows::validate_utf8(black_box(&values), black_box(&offsets)).is_ok())
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
            utfast::rows::utf8_validity(black_box(&values), &offsets).map(|v| v.invalid_count())
        })
    });
    g.bench_function("std/validity_per_row", |b| {
        b.iter(|| {
            (0..rows)
                .filter(|&i| std::str::from_utf8(black_box(row(i))).is_err())
                .count()
        })
    });
    g.finish();
    for batch in [rows, BATCH] {
        let mut g = c.benchmark_group(format!("columns/avg{average}/{form}{}", label(batch)));
        g.throughput(Throughput::Bytes(values.len() as u64));
        g.bench_function("utfast_arrow/binary_to_string_null", |b| {
            b.iter(|| {
                batches(&binary, batch, |a| {
                    binary_to_string(black_box(a), OnInvalid::Null).map_or(0, |a| a.null_count())
                })
            })
        });
        g.bench_function("std/from_utf8_per_row_to_nulls", |b| {
            b.iter(|| {
                batches(&binary, batch, |a| {
                    let text: StringArray = a
                        .iter()
                        .map(|r| std::str::from_utf8(black_box(r.unwrap_or_default())).ok())
                        .collect();
                    text.null_count()
                })
            })
        });
        g.bench_function("utfast_arrow/binary_to_string_replace", |b| {
            b.iter(|| {
                batches(&binary, batch, |a| {
                    binary_to_string(black_box(a), OnInvalid::Replace).map_or(0, |a| a.len())
                })
            })
        });
        g.bench_function("std/from_utf8_lossy_per_row", |b| {
            b.iter(|| {
                batches(&binary, batch, |a| {
                    let text: StringArray = a
                        .iter()
                        .map(|r| Some(String::from_utf8_lossy(black_box(r.unwrap_or_default()))))
                        .collect();
                    text.len()
                })
            })
        });
        g.finish();
    }
}

/// A binary array of `rows` as they are.
fn binary_of(values: Vec<u8>, offsets: Vec<i32>) -> BinaryArray {
    BinaryArray::new(
        OffsetBuffer::new(ScalarBuffer::from(offsets)),
        Buffer::from_vec(values),
        None,
    )
}

/// The valid sample column re-encoded, row by row, in Latin-1 (each character
/// not in it as 'é') and UTF-16LE: `decode_binary` against per-row encoding_rs.
fn bench_decode(c: &mut Criterion, average: usize) {
    let (values, offsets) = utfast::sample::column(1_000_000, average, None);
    let text = |i: usize| {
        std::str::from_utf8(&values[offsets[i] as usize..offsets[i + 1] as usize]).unwrap()
    };
    let rows = offsets.len() - 1;
    let encode = |f: &dyn Fn(&str) -> Vec<u8>| {
        let (mut out, mut ends) = (Vec::new(), vec![0i32]);
        for i in 0..rows {
            out.extend(f(text(i)));
            ends.push(out.len() as i32);
        }
        binary_of(out, ends)
    };
    let latin1 = encode(&|t| {
        t.chars()
            .map(|c| u8::try_from(u32::from(c)).unwrap_or(0xE9))
            .collect()
    });
    let utf16le = encode(&|t| t.encode_utf16().flat_map(u16::to_le_bytes).collect());
    for (name, array, encoding) in [
        ("latin1", &latin1, Encoding::Latin1),
        ("utf16le", &utf16le, Encoding::Utf16Le),
    ] {
        for batch in [rows, BATCH] {
            let mut g = c.benchmark_group(format!(
                "columns/avg{average}/decode_{name}{}",
                label(batch)
            ));
            g.throughput(Throughput::Bytes(array.values().len() as u64));
            g.bench_function("utfast_arrow/decode_binary", |b| {
                b.iter(|| {
                    batches(array, batch, |a| {
                        decode_binary(black_box(a), encoding, OnInvalid::Error)
                            .map_or(0, |a| a.len())
                    })
                })
            });
            g.bench_function("encoding_rs/per_row", |b| {
                b.iter(|| {
                    batches(array, batch, |a| {
                        let mut builder =
                            StringBuilder::with_capacity(a.len(), 2 * a.value_data().len());
                        for row in a.iter().flatten() {
                            let decoded = match encoding {
                                Encoding::Latin1 => {
                                    Some(encoding_rs::mem::decode_latin1(black_box(row)))
                                }
                                _ => encoding_rs::UTF_16LE
                                    .decode_without_bom_handling_and_without_replacement(
                                        black_box(row),
                                    ),
                            };
                            builder.append_option(decoded);
                        }
                        builder.finish().len()
                    })
                })
            });
            g.finish();
        }
    }
}

/// DataFusion's batch size: the column is also converted 8192 rows at a time,
/// as an engine hands it over (each batch's output allocated and dropped).
const BATCH: usize = 8192;

/// The group name's suffix for a batch size (none for the whole column).
fn label(batch: usize) -> String {
    if batch == BATCH {
        format!("/batch{BATCH}")
    } else {
        String::new()
    }
}

/// `f` on each slice of `batch` rows of `array`; the sum of its results.
fn batches(array: &BinaryArray, batch: usize, f: impl Fn(&BinaryArray) -> usize) -> usize {
    (0..array.len())
        .step_by(batch)
        .map(|start| f(&array.slice(start, batch.min(array.len() - start))))
        .sum()
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
        bench_decode(&mut c, average);
    }
    c.final_summary();
}
