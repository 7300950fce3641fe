//! `utfast bench`: the throughput (GB/s of input) of every kernel this CPU can run,
//! of the dispatching free functions, of std and of the rival libraries
//! (`rivals`), in sections: UTF-8 validation; transcoding from UTF-8 to UTF-16LE,
//! UTF-32 and Latin-1 and back; UTF-16LE validation ([`Section`]; `--only`
//! picks some; streaming is measured by `cargo bench --bench stream`). The input is text generated in memory, or
//! the given files. Every implementation is first checked to agree with std;
//! then each is timed in batches, interleaved so that noise hits them alike, and
//! the best batch counts. The time budget of a [`Plan`] is shared by all the
//! measurements, whatever the sections.

mod jobs;
mod rivals;

pub use jobs::Section;

use std::collections::BTreeMap;
use std::io::{self, Read, Write};
use std::ops::Range;
use std::path::PathBuf;
use std::time::Duration;

use clap::builder::PossibleValue;
use clap::{Args, ValueHint};
use serde::Serialize;
use utfast::sample::{self, Script};
use utfast::{Engine, Kernel};

use crate::help;
use crate::shared::input::Input;
use crate::shared::report::{version_line, warn, warn_if_kernel_override_ignored, Status};
use crate::shared::values::Named;
use jobs::{Measured, Sample, Timing};

/// What `utfast bench` was asked to do.
#[derive(Args, Debug, PartialEq, Eq)]
pub struct BenchOptions {
    #[arg(long, help = help::quick(QUICK.seconds()))]
    pub quick: bool,
    /// Print one JSON document instead of the tables
    #[arg(long, long_help = help::BENCH_JSON)]
    pub json: bool,
    /// Measure only the sections named
    #[arg(
        long,
        value_name = "NAME",
        value_delimiter = ',',
        value_parser = section_parser(),
        long_help = help::ONLY
    )]
    pub only: Vec<Vec<Section>>,
    /// Files to measure on instead of generated text
    #[arg(value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub files: Vec<PathBuf>,
}

/// `--only`: a section of `bench`, or a group of them.
fn section_parser() -> Named<Vec<Section>> {
    Named {
        values: || {
            let value = |name: &'static str| {
                let sections = Section::named(name).unwrap_or_default();
                let names: Vec<&str> = sections.iter().map(|s| s.name()).collect();
                match names[..] {
                    [_] => PossibleValue::new(name),
                    _ => PossibleValue::new(name).help(format!("All of {}", names.join(", "))),
                }
            };
            Section::names().map(value).collect()
        },
        parse: Section::named,
        hint: |_| None,
    }
}

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

/// Bytes of UTF-8 text the transcoding sections convert: the start of each
/// generated text (in UTF-16 or UTF-32, the same characters). Smaller than
/// `TEXT_LEN` so that eight sections fit the time budget.
const TRANSCODE_LEN: usize = 256 << 10;

/// How many short strings, and their longest length in bytes.
const SHORT_COUNT: usize = 10_000;
const SHORT_MAX: usize = 64;

impl Section {
    /// The column headers: the kernels, then the job's columns (the
    /// dispatching functions, std, the rivals).
    fn columns(self, engines: &[Engine]) -> Vec<&'static str> {
        let kernels = engines.iter().map(|engine| engine.kernel().name());
        kernels.chain(jobs::job(self).names()).collect()
    }

    /// The ratio columns after the throughputs: the last utfast function (the
    /// one before std) over std, and over the fastest rival.
    fn ratios(self, engines: &[Engine]) -> Vec<Ratio> {
        let columns = self.columns(engines);
        let std = columns.iter().position(|&c| c == "std").unwrap_or(1);
        let mut ratios = vec![Ratio::new("vs std", std - 1, std..std + 1)];
        if std + 1 < columns.len() {
            ratios.push(Ratio::new("vs best rival", std - 1, std + 1..columns.len()));
        }
        ratios
    }
}

pub fn run(options: &BenchOptions, out: &mut impl Write) -> io::Result<Status> {
    let (samples, mut status) = if options.files.is_empty() {
        (generated_samples(), Status::Success)
    } else {
        read_samples(&options.files)
    };
    let only = options.only.concat();
    if samples.is_empty() {
        return Ok(status);
    }
    warn_if_kernel_override_ignored();
    let engines: Vec<Engine> = Kernel::available()
        .filter_map(|kernel| Engine::new(kernel).ok())
        .collect();
    let sections: Vec<Section> = Section::ALL
        .into_iter()
        .filter(|section| only.is_empty() || only.contains(section))
        .collect();
    let plan = if options.quick { QUICK } else { FULL };
    let cells: usize = sections
        .iter()
        .map(|section| {
            let rows = samples.iter().filter(|s| section.measures(s)).count();
            rows * section.columns(&engines).len()
        })
        .sum();
    let timing = Timing {
        rounds: plan.rounds,
        batch: (plan.budget / (cells.max(1) as u32 * plan.rounds)).max(MIN_BATCH),
    };

    let text = !options.json;
    let mut report = JsonReport {
        utfast: env!("CARGO_PKG_VERSION"),
        kernel: Engine::active().kernel().name(),
        kernels: engines.iter().map(|e| e.kernel().name()).collect(),
        cpu: cpu_model(),
        rivals: rivals::versions().into_iter().collect(),
        unit: "GB/s of input (10^9 bytes per second)",
        rounds: plan.rounds,
        batch_ms: timing.batch.as_secs_f64() * 1e3,
        sections: Vec::new(),
    };
    if text {
        let rivals: Vec<String> = report
            .rivals
            .iter()
            .map(|(name, version)| format!("{name} {version}"))
            .collect();
        writeln!(out, "{}\ncpu: {}", version_line(), report.cpu)?;
        writeln!(out, "rivals: {}", rivals.join(", "))?;
        writeln!(
            out,
            "{}, best of {} batches of about {:.1} ms each",
            report.unit, plan.rounds, report.batch_ms
        )?;
    }
    let name_width = samples
        .iter()
        .map(|sample| sample.name.chars().count() + usize::from(sample.invalid))
        .fold(5, usize::max);
    for &section in &sections {
        let table = Table {
            name_width,
            columns: section.columns(&engines),
            ratios: section.ratios(&engines),
        };
        if text {
            writeln!(out, "\n{}\n{}", section.title(), table.header())?;
        }
        let mut rows = Vec::new();
        for sample in samples.iter().filter(|s| section.measures(s)) {
            let measured = jobs::job(section).row(sample, &engines, &timing);
            let disagree: Vec<&'static str> = measured
                .disagree
                .iter()
                .map(|&column| table.columns[column])
                .collect();
            for column in &disagree {
                warn(format_args!(
                    "bug: {column} disagrees with std on '{}' ({}); please report it",
                    sample.name,
                    section.name(),
                ));
                status = status.max(Status::Invalid);
            }
            let valid = !(sample.invalid && section == Section::ValidateUtf8);
            if text {
                writeln!(out, "{}", table.row(&sample.name, valid, &measured))?;
            }
            rows.push(JsonRow {
                input: sample.name.clone(),
                bytes: measured.bytes,
                valid,
                ratios: table.ratios.iter().map(|r| r.of(&measured.gbps)).collect(),
                gbps: measured.gbps,
                disagree_with_std: disagree,
            });
        }
        if rows.is_empty() && text {
            let what = match section {
                Section::Latin1ToUtf8 | Section::Utf8ToLatin1 => "text Latin-1 can represent",
                _ => "valid UTF-8",
            };
            writeln!(out, "(no input is {what})")?;
        }
        report.sections.push(JsonSection {
            name: section.name(),
            title: section.title(),
            ratios: table.ratios.iter().map(|ratio| ratio.header).collect(),
            columns: table.columns,
            rows,
        });
    }
    if text {
        writeln!(out)?;
        for note in notes(&sections, &samples, options.files.is_empty()) {
            writeln!(out, "{note}")?;
        }
    } else {
        let json = serde_json::to_string_pretty(&report).expect("plain values always serialise");
        writeln!(out, "{json}")?;
    }
    Ok(status)
}

/// The lines under the tables that explain the columns and the rows, for the
/// `sections` measured on `samples` (generated, or files).
fn notes(sections: &[Section], samples: &[Sample], generated: bool) -> Vec<String> {
    let mut notes: Vec<String> = [
        "kernel columns: Engine methods; function columns: the same, on the active kernel",
        "vs std: the last function column / std (from_utf8 for UTF-8: it gives std's error \
         position)",
        "vs best rival: the same column / the fastest rival library's (simdutf8: its basic API, \
         a bool; compat gives std's error position)",
    ]
    .map(String::from)
    .into();
    let validates = sections.contains(&Section::ValidateUtf8);
    let converts = sections.iter().any(|&s| s != Section::ValidateUtf8);
    if generated && validates {
        notes.push(format!(
            "short: {SHORT_COUNT} strings of 1 to {SHORT_MAX} bytes, validated one at a time"
        ));
    }
    if generated && converts {
        let size = format_size(TRANSCODE_LEN);
        notes.push(format!(
            "transcoding, UTF-16LE: the first {size} of each text"
        ));
        notes.push("Latin-1: ascii, and latin without its letters above U+00FF".into());
    } else if converts {
        notes.push(
            "transcoding, UTF-16LE: each input that is valid UTF-8; Latin-1: those it can \
             represent"
                .into(),
        );
    }
    if validates && samples.iter().any(|sample| sample.invalid) {
        notes.push("*: not valid UTF-8; the time is that of finding the first error".into());
    }
    notes
}

/// What `bench --json` prints: the versions, CPU and kernels, how it measured,
/// and a table per section.
#[derive(Serialize)]
struct JsonReport {
    utfast: &'static str,
    /// The active kernel (the dispatching functions' columns).
    kernel: &'static str,
    /// The kernels measured, one column each.
    kernels: Vec<&'static str>,
    cpu: String,
    /// The rival libraries and their versions.
    rivals: BTreeMap<&'static str, &'static str>,
    unit: &'static str,
    rounds: u32,
    batch_ms: f64,
    sections: Vec<JsonSection>,
}

#[derive(Serialize)]
struct JsonSection {
    name: &'static str,
    title: &'static str,
    /// The throughput columns of each row's `gbps`.
    columns: Vec<&'static str>,
    /// The ratio columns of each row's `ratios`.
    ratios: Vec<&'static str>,
    rows: Vec<JsonRow>,
}

#[derive(Serialize)]
struct JsonRow {
    input: String,
    bytes: usize,
    /// False for a file that is not valid UTF-8 (the time is that of finding
    /// the first error).
    valid: bool,
    gbps: Vec<f64>,
    ratios: Vec<f64>,
    /// The columns whose answer differed from std's (a bug; exit status 1).
    disagree_with_std: Vec<&'static str>,
}

/// Reads the named inputs whole; unreadable and empty ones are reported and left out.
fn read_samples(files: &[PathBuf]) -> (Vec<Sample>, Status) {
    let mut samples = Vec::new();
    let mut status = Status::Success;
    for input in files.iter().map(|path| Input::from_arg(path)) {
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
/// of two scripts. The other sections convert the first `TRANSCODE_LEN` bytes of
/// each text; the Latin-1 ones those of ASCII, and of Latin without its letters
/// above U+00FF (Czech and Polish have some).
fn generated_samples() -> Vec<Sample> {
    let mut samples: Vec<Sample> = Script::ALL
        .into_iter()
        .map(|script| {
            let text = sample::text(script, TEXT_LEN, sample::SEED);
            let mut sample = Sample::whole(script.name().to_string(), text.into_bytes());
            let mut text = sample.text.take().unwrap_or_default();
            text.truncate(utfast::utf8::floor_char_boundary(
                text.as_bytes(),
                TRANSCODE_LEN,
            ));
            sample.latin1 = match script {
                Script::Ascii => Some(text.clone()),
                Script::Latin => Some(text.chars().filter(|&c| u32::from(c) <= 0xFF).collect()),
                _ => None,
            };
            sample.text = Some(text);
            sample
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
            text: None,
            latin1: None,
        });
    }
    samples
}

/// A ratio column: the throughput of column `of` over the best of columns
/// `over`.
struct Ratio {
    header: &'static str,
    of: usize,
    over: Range<usize>,
}

impl Ratio {
    fn new(header: &'static str, of: usize, over: Range<usize>) -> Ratio {
        Ratio { header, of, over }
    }

    /// The ratio in a row of throughputs.
    fn of(&self, gbps: &[f64]) -> f64 {
        let best = gbps
            .get(self.over.clone())
            .and_then(|over| over.iter().copied().reduce(f64::max));
        match (gbps.get(self.of), best) {
            (Some(of), Some(best)) => of / best,
            _ => f64::NAN,
        }
    }
}

/// A section's table: a column per implementation, then the ratios.
struct Table {
    name_width: usize,
    columns: Vec<&'static str>,
    ratios: Vec<Ratio>,
}

impl Table {
    fn header(&self) -> String {
        self.line("input", "size", self.headers().map(str::to_string))
    }

    /// Every column's header, the ratios' included.
    fn headers(&self) -> impl Iterator<Item = &'static str> + '_ {
        let ratios = self.ratios.iter().map(|ratio| ratio.header);
        self.columns.iter().copied().chain(ratios)
    }

    /// A row: the input (starred when it is not valid UTF-8), its size, then its
    /// throughput per implementation and the ratios.
    fn row(&self, name: &str, valid: bool, measured: &Measured) -> String {
        let name = format!("{name}{}", if valid { "" } else { "*" });
        let gbps = measured.gbps.iter().map(|gbps| format!("{gbps:.2}"));
        let ratios = self
            .ratios
            .iter()
            .map(|ratio| format!("{:.2}x", ratio.of(&measured.gbps)));
        self.line(&name, &format_size(measured.bytes), gbps.chain(ratios))
    }

    /// A line of `cells` under the headers, each at least 7 wide, after the
    /// input's name and its size (9 wide).
    fn line(&self, name: &str, size: &str, cells: impl Iterator<Item = String>) -> String {
        let mut line = format!("{name:<width$} {size:>9}", width = self.name_width);
        for (cell, header) in cells.zip(self.headers()) {
            line.push_str(&format!("  {cell:>width$}", width = header.len().max(7)));
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

    /// The generated texts and short strings are valid and the same every time;
    /// the other sections convert the start of each text, the Latin-1 ones that
    /// of ASCII and of Latin without its letters above U+00FF.
    #[test]
    fn generated_samples() {
        let samples = super::generated_samples();
        assert_eq!(samples.len(), 8);
        for sample in &samples {
            assert!(!sample.invalid, "{}", sample.name);
            for piece in sample.pieces() {
                assert!(std::str::from_utf8(piece).is_ok(), "{}", sample.name);
                assert!(!piece.is_empty());
            }
        }
        let again = super::generated_samples();
        assert!(samples.iter().zip(&again).all(|(a, b)| a.data == b.data));
        assert!(samples[0].data.is_ascii());
        for sample in &samples[..6] {
            assert!(sample.data.len() > TEXT_LEN - 4);
            let text = sample.text.as_deref().expect("a text to transcode");
            assert!(text.len() > TRANSCODE_LEN - 4 && text.len() <= TRANSCODE_LEN);
            assert!(sample.data.starts_with(text.as_bytes()), "{}", sample.name);
        }
        assert!(samples[6..].iter().all(|s| s.text.is_none()));
        let latin1: Vec<&str> = samples
            .iter()
            .filter(|sample| sample.latin1.is_some())
            .map(|sample| sample.name.as_str())
            .collect();
        assert_eq!(latin1, ["ascii", "latin"]);
        let latin = samples[1].latin1.as_deref().unwrap();
        assert!(latin.chars().all(|c| u32::from(c) <= 0xFF));
        assert!(
            latin.chars().any(|c| u32::from(c) > 0x7F),
            "accented letters stay"
        );
    }

    #[test]
    fn files_are_converted_when_valid() {
        let valid = Sample::whole("a".into(), "déjà".into());
        assert_eq!(valid.text.as_deref(), Some("déjà"));
        assert_eq!(valid.latin1.as_deref(), Some("déjà"));
        let wide = Sample::whole("b".into(), "€".into());
        assert!(wide.text.is_some() && wide.latin1.is_none());
        let invalid = Sample::whole("c".into(), vec![b'a', 0xFF]);
        assert!(invalid.invalid && invalid.text.is_none());
        assert!(Section::ValidateUtf8.measures(&invalid));
        assert!(!Section::Utf8ToUtf16le.measures(&invalid));
    }

    #[test]
    fn section_names() {
        for section in Section::ALL {
            assert_eq!(Section::named(section.name()), Some(vec![section]));
        }
        assert_eq!(Section::named("TRANSCODE").map(|s| s.len()), Some(6));
        assert_eq!(
            Section::named("validate"),
            Some(vec![Section::ValidateUtf8, Section::ValidateUtf16le])
        );
        assert_eq!(Section::named("utf8-to-utf16"), None);
        assert_eq!(Section::names().count(), 10);
    }

    /// Every kernel, function and rival gives std's answer on text of every
    /// kind and on invalid input, and a column that does not is found.
    #[test]
    fn every_column_agrees_with_std() {
        let engines: Vec<Engine> = Kernel::available()
            .filter_map(|kernel| Engine::new(kernel).ok())
            .collect();
        let timing = Timing {
            rounds: 1,
            batch: MIN_BATCH,
        };
        for text in [
            &b"ASCII, Gr\xC3\xBC\xC3\x9Fe, \xF0\x9F\x98\x80"[..],
            b"caf\xC3\xA9",
            b"a\xED\xA0\x80",
        ] {
            let sample = Sample::whole("t".into(), text.to_vec());
            for section in Section::ALL.into_iter().filter(|s| s.measures(&sample)) {
                let measured = jobs::job(section).row(&sample, &engines, &timing);
                assert_eq!(measured.disagree, [0; 0], "{section:?} on {text:x?}");
                assert_eq!(measured.gbps.len(), section.columns(&engines).len());
            }
        }
        let answers = [Some(1), Some(2), Some(1)];
        let passes = (0..3)
            .map(|_| Box::new(|| 0usize) as jobs::Pass<'_>)
            .collect();
        assert_eq!(timing.row(&answers, 0, passes, 4).disagree, [1]);
    }

    #[test]
    fn sizes() {
        assert_eq!(format_size(1 << 20), "1.0 MiB");
        assert_eq!(format_size(327_000), "319 KiB");
        assert_eq!(format_size(12), "12 B");
    }
}
