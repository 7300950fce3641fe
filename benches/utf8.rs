//! UTF-8 validation: every utfast kernel and the dispatcher against std, simdutf8,
//! the C++ simdutf (x86-64 only) and encoding_rs, side by side.
//!
//! Each input is one criterion group, and every implementation is one benchmark in
//! it, so the ratios within a group compare like with like on the same bytes.
//! Throughput is in bytes, so criterion prints GiB/s (`scripts/bench-summary.py`
//! turns the saved results into a Markdown report in GB/s, 10^9 bytes/s).
//!
//! Inputs (all valid UTF-8: this measures the common, successful case):
//!
//! - `gen/<script>/<size>`: generated text (ASCII, accented Latin, Cyrillic, CJK,
//!   emoji, mixed scripts) of 64 KiB and 1 MiB, made by `utfast::sample` from a
//!   fixed seed (the same bytes `utfast bench` measures).
//! - `short/<ascii|mixed>/<NN>`: a batch of 1000 strings of NN bytes each (1 to 64),
//!   at varying offsets in one buffer (`utfast::sample::short_strings`), validated
//!   one call each; throughput counts the bytes of the strings, so time per call =
//!   time per iteration / 1000.
//!   `UTFAST_BENCH_SHORT=all` measures every size from 1 to 64, or a list such as
//!   `UTFAST_BENCH_SHORT=1,7,64` exactly those sizes.
//! - `corpus/<dir>/<file>`: every `*.utf8.txt` under the directory `UTFAST_CORPUS`
//!   names, when it is set.
//!
//! Benchmark names: `utfast/<kernel>/validate` and `utfast/<kernel>/from_utf8` for
//! each kernel this CPU runs (through `Engine`, no short-input path),
//! `utfast/validate` and `utfast/from_utf8` (the free functions: dispatcher plus
//! inlined short-input path), `std/from_utf8`, `simdutf8/basic`, `simdutf8/compat`,
//! `simdutf/validate_utf8`, `simdutf/validate_utf8_with_errors`,
//! `encoding_rs/utf8_valid_up_to`.
//!
//! ```text
//! UTFAST_CORPUS=/work/shared/corpus UTFAST_BENCH_QUICK=1 cargo bench --bench utf8
//! cargo bench --bench utf8 -- corpus/lipsum      # criterion's filter (a regex)
//! cargo bench --bench utf8 -- --list             # what would run
//! python3 scripts/bench-summary.py               # the report
//! ```
//!
//! `UTFAST_BENCH_QUICK=1` shortens warm-up and measurement (see `common`).
//! `UTFAST_BENCH_DUMP=DIR` writes the generated texts to `DIR/<script>-<size>.utf8.txt`
//! (with `-- --list`, without running anything) to measure other tools on them.
//! `UTFAST_KERNEL` chooses the dispatcher's kernel as usual; the per-kernel
//! benchmarks are unaffected.

mod common;

use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput};
use utfast::sample::{self, Script};
use utfast::Engine;

/// Sizes of the generated texts.
const GENERATED_SIZES: &[(usize, &str)] = &[(64 << 10, "64KiB"), (1 << 20, "1MiB")];

/// Default sizes of the short strings (see `UTFAST_BENCH_SHORT`).
const SHORT_SIZES: &[usize] = &[1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 63, 64];

/// Strings per iteration of a short-string benchmark.
const SHORT_BATCH: usize = 1000;

/// The scripts of the short strings.
const SHORT_SCRIPTS: [Script; 2] = [Script::Ascii, Script::Mixed];

/// A validator's return value, reduced to "the input is valid" for the check that
/// every implementation accepts the input before it is timed.
trait Outcome {
    fn is_valid(&self) -> bool;
}

impl Outcome for bool {
    fn is_valid(&self) -> bool {
        *self
    }
}

impl<E> Outcome for Result<(), E> {
    fn is_valid(&self) -> bool {
        self.is_ok()
    }
}

#[cfg(target_arch = "x86_64")]
impl Outcome for simdutf::Result {
    fn is_valid(&self) -> bool {
        self.error == simdutf::ErrorCode::Success
    }
}

/// How to time one implementation on the inputs of a group.
trait Runner {
    /// Checks that `f` accepts the input(s), then times it as benchmark `name`.
    fn run<R: Outcome>(
        &self,
        g: &mut BenchmarkGroup<'_, WallTime>,
        name: &str,
        f: impl Fn(&[u8]) -> R,
    );
}

/// One large input, one call per iteration.
struct Whole<'a> {
    label: &'a str,
    input: &'a [u8],
}

impl Runner for Whole<'_> {
    fn run<R: Outcome>(
        &self,
        g: &mut BenchmarkGroup<'_, WallTime>,
        name: &str,
        f: impl Fn(&[u8]) -> R,
    ) {
        assert!(
            f(self.input).is_valid(),
            "{name} rejects the valid input {}",
            self.label
        );
        let input = self.input;
        g.bench_function(name, |b| b.iter(|| f(black_box(input))));
    }
}

/// A batch of short strings, one call per string, all in each iteration. `f` is
/// generic, so inlinable implementations are inlined into the loop as they would
/// be at a user's call site.
struct Batch<'a> {
    label: &'a str,
    strings: &'a [&'a [u8]],
}

impl Runner for Batch<'_> {
    fn run<R: Outcome>(
        &self,
        g: &mut BenchmarkGroup<'_, WallTime>,
        name: &str,
        f: impl Fn(&[u8]) -> R,
    ) {
        for s in self.strings {
            assert!(
                f(s).is_valid(),
                "{name} rejects the valid input {s:?} of {}",
                self.label
            );
        }
        let strings = self.strings;
        g.bench_function(name, |b| {
            b.iter(|| {
                for &s in strings {
                    black_box(f(black_box(s)));
                }
            })
        });
    }
}

/// Times utfast's free functions and the rivals on the input(s) of `runner`.
/// (`.map(drop)` discards the `&str`, which is only the input again, so that every
/// closure returns a type without a lifetime; the error stays.)
fn rivals(g: &mut BenchmarkGroup<'_, WallTime>, runner: &impl Runner, with_encoding_rs: bool) {
    runner.run(g, "utfast/validate", utfast::validate_utf8);
    runner.run(g, "utfast/from_utf8", |b| utfast::from_utf8(b).map(drop));
    runner.run(g, "std/from_utf8", |b| std::str::from_utf8(b).map(drop));
    runner.run(g, "simdutf8/basic", |b| {
        simdutf8::basic::from_utf8(b).map(drop)
    });
    runner.run(g, "simdutf8/compat", |b| {
        simdutf8::compat::from_utf8(b).map(drop)
    });
    #[cfg(target_arch = "x86_64")]
    {
        runner.run(g, "simdutf/validate_utf8", simdutf::validate_utf8);
        runner.run(
            g,
            "simdutf/validate_utf8_with_errors",
            simdutf::validate_utf8_with_errors,
        );
    }
    if with_encoding_rs {
        runner.run(g, "encoding_rs/utf8_valid_up_to", |b| {
            encoding_rs::Encoding::utf8_valid_up_to(b) == b.len()
        });
    }
}

/// One group for one large input: every kernel, the free functions, the rivals.
fn bench_text(c: &mut Criterion, id: &str, input: &[u8], engines: &[Engine]) {
    let mut g = c.benchmark_group(id);
    g.throughput(Throughput::Bytes(input.len() as u64));
    let runner = Whole { label: id, input };
    for &engine in engines {
        let kernel = engine.kernel().name();
        runner.run(&mut g, &format!("utfast/{kernel}/validate"), |b| {
            engine.validate_utf8(b)
        });
        runner.run(&mut g, &format!("utfast/{kernel}/from_utf8"), |b| {
            engine.from_utf8(b).map(drop)
        });
    }
    rivals(&mut g, &runner, true);
    g.finish();
}

/// Generated text of every script and size; also written to the directory
/// `UTFAST_BENCH_DUMP` names, if set, to feed the same bytes to other tools.
fn bench_generated(c: &mut Criterion, engines: &[Engine]) {
    let dump = std::env::var_os("UTFAST_BENCH_DUMP").filter(|v| !v.is_empty());
    for script in Script::ALL {
        for &(size, size_name) in GENERATED_SIZES {
            let text = sample::text(script, size, sample::SEED);
            if let Some(dir) = &dump {
                let path = std::path::Path::new(dir)
                    .join(format!("{}-{size_name}.utf8.txt", script.name()));
                if let Err(e) =
                    std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&path, &text))
                {
                    eprintln!("warning: cannot write {}: {e}", path.display());
                }
            }
            bench_text(
                c,
                &format!("gen/{}/{size_name}", script.name()),
                text.as_bytes(),
                engines,
            );
        }
    }
}

/// The short-string sizes: `UTFAST_BENCH_SHORT` (`all`, or a comma-separated list
/// of sizes from 1 to 64) or [`SHORT_SIZES`].
fn short_sizes() -> Vec<usize> {
    match std::env::var("UTFAST_BENCH_SHORT") {
        Ok(v) if v.trim() == "all" => (1..=64).collect(),
        Ok(v) if !v.trim().is_empty() => v
            .split(',')
            .map(|s| match s.trim().parse() {
                Ok(n @ 1..=64) => n,
                _ => panic!("UTFAST_BENCH_SHORT: {s:?} is not a size from 1 to 64"),
            })
            .collect(),
        _ => SHORT_SIZES.to_vec(),
    }
}

/// Batches of short strings: ASCII and mixed, every size. Only the free functions
/// and the rivals: this measures per-call overhead, which the kernels (called
/// through `Engine`, without the short-input path) are not built for.
fn bench_short(c: &mut Criterion) {
    for script in SHORT_SCRIPTS {
        for size in short_sizes() {
            let id = format!("short/{}/{size:02}", script.name());
            let (buf, ranges) =
                sample::short_strings(script, size..=size, SHORT_BATCH, sample::SEED);
            let strings: Vec<&[u8]> = ranges.into_iter().map(|r| &buf.as_bytes()[r]).collect();
            let mut g = c.benchmark_group(&id);
            g.throughput(Throughput::Bytes((size * SHORT_BATCH) as u64));
            rivals(
                &mut g,
                &Batch {
                    label: &id,
                    strings: &strings,
                },
                false,
            );
            g.finish();
        }
    }
}

/// Every `*.utf8.txt` file under `UTFAST_CORPUS`, if set.
fn bench_corpus(c: &mut Criterion, engines: &[Engine]) {
    let Some(dir) = common::corpus_dir_or_say() else {
        return;
    };
    eprintln!("corpus: the *.utf8.txt files under {}", dir.display());
    for (rel, text) in common::utf8_texts(&dir) {
        bench_text(c, &format!("corpus/{rel}"), text.as_bytes(), engines);
    }
}

fn main() {
    let engines = common::engines();
    let names: Vec<&str> = engines.iter().map(|e| e.kernel().name()).collect();
    eprintln!(
        "utfast kernels: {}; dispatcher: {}{}",
        names.join(", "),
        Engine::active().kernel(),
        if common::quick_mode() {
            "; quick mode"
        } else {
            ""
        }
    );

    let mut c = common::criterion();
    bench_short(&mut c);
    bench_generated(&mut c, &engines);
    bench_corpus(&mut c, &engines);
    c.final_summary();
}
