//! `utfast bench`: the throughput (GB/s) of every kernel this CPU can run, of the
//! dispatching free functions and of `std::str::from_utf8`, on text generated in
//! memory (or on the given files). Every implementation is first checked to agree
//! with std; then each is timed in batches, interleaved so that noise hits them
//! alike, and the best batch counts.

use std::hint::black_box;
use std::io::{self, Read, Write};
use std::ops::Range;
use std::time::{Duration, Instant};

use utfast::sample::{self, Script};
use utfast::{Engine, Kernel};

use crate::args::{BenchOptions, Input};
use crate::{warn, Status};

/// How long to measure, in total, and in how many rounds of batches.
pub struct Plan {
    budget: Duration,
    rounds: u32,
}

impl Plan {
    /// About how long the run takes, for the help text.
    pub fn seconds(&self) -> u64 {
        self.budget.as_secs_f64().ceil() as u64
    }
}

pub const FULL: Plan = Plan {
    budget: Duration::from_secs(12),
    rounds: 10,
};

/// `--quick`: a rough figure in about two seconds.
pub const QUICK: Plan = Plan {
    budget: Duration::from_millis(1500),
    rounds: 4,
};

/// The shortest batch: below this, timer resolution and loop overhead would show.
const MIN_BATCH: Duration = Duration::from_micros(200);

/// Bytes of each generated text.
const TEXT_LEN: usize = 1 << 20;

/// How many short strings, and their longest length in bytes.
const SHORT_COUNT: usize = 10_000;
const SHORT_MAX: usize = 64;

pub fn run(options: &BenchOptions, out: &mut impl Write) -> io::Result<Status> {
    let (samples, mut status) = if options.inputs.is_empty() {
        (generated_samples(), Status::Success)
    } else {
        read_samples(&options.inputs)
    };
    if samples.is_empty() {
        return Ok(status);
    }
    crate::warn_if_kernel_override_ignored();
    let implementations = Implementation::all();
    let plan = if options.quick { QUICK } else { FULL };
    let batches = samples.len() * implementations.len() * plan.rounds as usize;
    let batch = (plan.budget / batches as u32).max(MIN_BATCH);

    writeln!(out, "{}", crate::version_line())?;
    writeln!(out, "cpu: {}", cpu_model())?;
    writeln!(
        out,
        "GB/s (10^9 bytes per second), best of {} batches of about {:.1} ms each",
        plan.rounds,
        batch.as_secs_f64() * 1e3
    )?;
    writeln!(out)?;
    let table = Table::new(&samples, &implementations);
    writeln!(out, "{}", table.header())?;
    for sample in &samples {
        let pieces = sample.pieces();
        if !agree_with_std(&sample.name, &pieces, &implementations) {
            status = status.max(Status::Invalid);
        }
        let throughputs = measure(&pieces, &implementations, &plan, batch);
        writeln!(out, "{}", table.row(sample, &throughputs))?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "kernel columns: Engine::validate_utf8; validate_utf8, from_utf8: the dispatching functions"
    )?;
    writeln!(
        out,
        "vs std: utfast::from_utf8 / std::str::from_utf8 (both give the error position)"
    )?;
    if options.inputs.is_empty() {
        writeln!(
            out,
            "short: {SHORT_COUNT} strings of 1 to {SHORT_MAX} bytes, validated one at a time"
        )?;
    }
    if samples.iter().any(|sample| sample.invalid) {
        writeln!(
            out,
            "*: not valid UTF-8; the time is that of finding the first error"
        )?;
    }
    Ok(status)
}

/// One validator under test.
#[derive(Clone, Copy)]
enum Implementation {
    /// `Engine::validate_utf8` of one kernel.
    Kernel(Engine),
    /// The dispatching `utfast::validate_utf8`.
    Validate,
    /// The dispatching `utfast::from_utf8`.
    FromUtf8,
    /// `std::str::from_utf8`.
    Std,
}

impl Implementation {
    /// Every available kernel, then the free functions, then std.
    fn all() -> Vec<Implementation> {
        Kernel::available()
            .filter_map(|kernel| Engine::new(kernel).ok())
            .map(Implementation::Kernel)
            .chain([
                Implementation::Validate,
                Implementation::FromUtf8,
                Implementation::Std,
            ])
            .collect()
    }

    fn name(self) -> &'static str {
        match self {
            Implementation::Kernel(engine) => engine.kernel().name(),
            Implementation::Validate => "validate_utf8",
            Implementation::FromUtf8 => "from_utf8",
            Implementation::Std => "std",
        }
    }

    /// How many of `pieces` are valid UTF-8.
    fn count_valid(self, pieces: &[&[u8]]) -> usize {
        match self {
            Implementation::Kernel(engine) => count_valid(pieces, |p| engine.validate_utf8(p)),
            Implementation::Validate => count_valid(pieces, utfast::validate_utf8),
            Implementation::FromUtf8 => count_valid(pieces, |p| utfast::from_utf8(p).is_ok()),
            Implementation::Std => count_valid(pieces, |p| std::str::from_utf8(p).is_ok()),
        }
    }
}

#[inline(always)]
fn count_valid(pieces: &[&[u8]], is_valid: impl Fn(&[u8]) -> bool) -> usize {
    pieces
        .iter()
        .filter(|&&piece| is_valid(black_box(piece)))
        .count()
}

/// Whether every implementation finds as many of `pieces` valid as std does;
/// reports those that do not.
fn agree_with_std(name: &str, pieces: &[&[u8]], implementations: &[Implementation]) -> bool {
    let valid = Implementation::Std.count_valid(pieces);
    let mut agree = true;
    for implementation in implementations {
        if implementation.count_valid(pieces) != valid {
            warn(format_args!(
                "bug: {} disagrees with std::str::from_utf8 on '{name}'; please report it",
                implementation.name(),
            ));
            agree = false;
        }
    }
    agree
}

/// The throughput (GB/s) of each implementation over `pieces`: the best of
/// `plan.rounds` batches.
fn measure(
    pieces: &[&[u8]],
    implementations: &[Implementation],
    plan: &Plan,
    batch: Duration,
) -> Vec<f64> {
    let runs: Vec<u32> = implementations
        .iter()
        .map(|&implementation| runs_per_batch(implementation, pieces, batch))
        .collect();
    let mut best = vec![Duration::MAX; implementations.len()];
    for round in 0..plan.rounds as usize {
        // Rotate the order every round so that no implementation always goes first.
        for k in 0..implementations.len() {
            let i = (round + k) % implementations.len();
            let elapsed = time(implementations[i], pieces, runs[i]);
            best[i] = best[i].min(elapsed / runs[i]);
        }
    }
    let bytes = pieces.iter().map(|piece| piece.len()).sum::<usize>() as f64;
    best.iter()
        .map(|time| bytes / time.as_secs_f64().max(1e-12) / 1e9)
        .collect()
}

/// How many passes fill a batch, estimated from a doubling series of timed
/// passes (which also warms up caches and branch predictors).
fn runs_per_batch(implementation: Implementation, pieces: &[&[u8]], batch: Duration) -> u32 {
    let mut runs = 1u32;
    loop {
        let elapsed = time(implementation, pieces, runs);
        if elapsed >= batch / 4 || runs >= 1 << 24 {
            let per_run = elapsed.as_secs_f64() / f64::from(runs);
            return (batch.as_secs_f64() / per_run.max(1e-12)).clamp(1.0, 1e9) as u32;
        }
        runs *= 2;
    }
}

fn time(implementation: Implementation, pieces: &[&[u8]], runs: u32) -> Duration {
    let start = Instant::now();
    for _ in 0..runs {
        black_box(implementation.count_valid(black_box(pieces)));
    }
    start.elapsed()
}

/// An input to measure: `data`, validated as a whole or as separate pieces.
struct Sample {
    name: String,
    data: Vec<u8>,
    pieces: Vec<Range<usize>>,
    /// Not valid UTF-8 (files only).
    invalid: bool,
}

impl Sample {
    fn whole(name: String, data: Vec<u8>) -> Sample {
        let invalid = std::str::from_utf8(&data).is_err();
        Sample {
            name,
            pieces: std::iter::once(0..data.len()).collect(),
            data,
            invalid,
        }
    }

    /// The bytes validated in one pass: those of the pieces, not what lies between.
    fn bytes(&self) -> usize {
        self.pieces.iter().map(ExactSizeIterator::len).sum()
    }

    fn pieces(&self) -> Vec<&[u8]> {
        self.pieces
            .iter()
            .map(|range| &self.data[range.clone()])
            .collect()
    }
}

/// Reads the named inputs whole; unreadable and empty ones are reported and left out.
fn read_samples(inputs: &[Input]) -> (Vec<Sample>, Status) {
    let mut samples = Vec::new();
    let mut status = Status::Success;
    for input in inputs {
        let mut data = Vec::new();
        let name = input.name().into_owned();
        match input
            .open()
            .and_then(|mut reader| reader.read_to_end(&mut data))
        {
            Err(error) => {
                warn(format_args!("cannot read '{name}': {error}"));
                status = Status::Error;
            }
            Ok(0) => warn(format_args!("skipping '{name}': it is empty")),
            Ok(_) => samples.push(Sample::whole(name, data)),
        }
    }
    (samples, status)
}

/// The generated inputs (`utfast::sample`): a text per script, then short strings
/// of two scripts.
fn generated_samples() -> Vec<Sample> {
    let mut samples: Vec<Sample> = Script::ALL
        .into_iter()
        .map(|script| {
            let text = sample::text(script, TEXT_LEN, sample::SEED);
            Sample::whole(script.name().to_string(), text.into_bytes())
        })
        .collect();
    for script in [Script::Ascii, Script::Mixed] {
        let (text, pieces) =
            sample::short_strings(script, 1..=SHORT_MAX, SHORT_COUNT, sample::SEED);
        samples.push(Sample {
            name: format!("short {} (1-{SHORT_MAX} B)", script.name()),
            data: text.into_bytes(),
            pieces,
            invalid: false,
        });
    }
    samples
}

/// The results table: a column per implementation, and the ratio to std.
struct Table {
    name_width: usize,
    headers: Vec<&'static str>,
}

impl Table {
    const SIZE_WIDTH: usize = 9;
    const NUMBER_WIDTH: usize = 7;

    fn new(samples: &[Sample], implementations: &[Implementation]) -> Table {
        let name_width = samples
            .iter()
            .map(|sample| sample.name.chars().count() + usize::from(sample.invalid))
            .chain([5])
            .max()
            .unwrap_or(5);
        let headers = implementations
            .iter()
            .map(|implementation| implementation.name())
            .chain(["vs std"])
            .collect();
        Table {
            name_width,
            headers,
        }
    }

    fn header(&self) -> String {
        self.line("input", "size", self.headers.iter().map(|h| h.to_string()))
    }

    /// A row: the sample, then its throughput per implementation (in the order of
    /// `Implementation::all`, whose last two are `from_utf8` and `std`).
    fn row(&self, sample: &Sample, throughputs: &[f64]) -> String {
        let name = format!("{}{}", sample.name, if sample.invalid { "*" } else { "" });
        let ratio = match throughputs {
            [.., from_utf8, std] => from_utf8 / std,
            _ => f64::NAN,
        };
        let cells = throughputs
            .iter()
            .map(|gbps| format!("{gbps:.2}"))
            .chain([format!("{ratio:.2}x")]);
        self.line(&name, &format_size(sample.bytes()), cells)
    }

    fn line(&self, name: &str, size: &str, cells: impl Iterator<Item = String>) -> String {
        let mut line = format!(
            "{name:<name_width$} {size:>size_width$}",
            name_width = self.name_width,
            size_width = Self::SIZE_WIDTH
        );
        for (cell, header) in cells.zip(&self.headers) {
            let width = header.len().max(Self::NUMBER_WIDTH);
            line.push_str(&format!("  {cell:>width$}"));
        }
        line
    }
}

fn format_size(bytes: usize) -> String {
    const KIB: usize = 1 << 10;
    const MIB: usize = 1 << 20;
    match bytes {
        n if n >= 1000 * KIB => format!("{:.1} MiB", n as f64 / MIB as f64),
        n if n >= KIB => format!("{:.0} KiB", n as f64 / KIB as f64),
        n => format!("{n} B"),
    }
}

/// The CPU's name from `/proc/cpuinfo` (Linux), or `unknown`.
fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines().find_map(|line| {
                let (key, value) = line.split_once(':')?;
                (key.trim() == "model name").then(|| value.trim().to_string())
            })
        })
        .unwrap_or_else(|| "unknown".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_samples_are_valid_and_deterministic() {
        let samples = generated_samples();
        assert_eq!(samples.len(), 8);
        for sample in &samples {
            assert!(!sample.invalid, "{}", sample.name);
            for piece in sample.pieces() {
                assert!(std::str::from_utf8(piece).is_ok(), "{}", sample.name);
                assert!(!piece.is_empty());
            }
        }
        let again = generated_samples();
        assert!(samples.iter().zip(&again).all(|(a, b)| a.data == b.data));
        assert!(samples[0].data.is_ascii());
        assert!(samples[..6]
            .iter()
            .all(|sample| sample.data.len() > TEXT_LEN - 4));
    }

    #[test]
    fn sizes() {
        assert_eq!(format_size(1 << 20), "1.0 MiB");
        assert_eq!(format_size(327_000), "319 KiB");
        assert_eq!(format_size(12), "12 B");
    }
}
