//! Helpers shared by the benchmarks: criterion configuration, CPU identification,
//! corpus discovery, and the texts they measure (generated, and from the corpus).
//!
//! Environment variables understood here:
//!
//! - `UTFAST_BENCH_QUICK=1`: 0.1 s warm-up, 0.4 s measurement, 30 samples per
//!   benchmark (instead of 3 s, 5 s, 100): a full run in minutes rather than an
//!   hour, at some cost in precision. Criterion's own command-line options
//!   (`--warm-up-time`, `--measurement-time`, `--sample-size`, ...) still win.
//! - `UTFAST_CORPUS=DIR`: a directory of real text; [`corpus_files`] lists every file
//!   under it (recursively) whose name ends with a given suffix.
//!
//! No data files are needed: `utfast::sample` makes the text from a fixed seed, so
//! every run and every machine measures the same bytes.
#![allow(dead_code)] // Not every bench uses every helper.

pub mod paged;

use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::Criterion;

// ---------------------------------------------------------------------------
// Configuration and identification
// ---------------------------------------------------------------------------

/// True when `UTFAST_BENCH_QUICK` is set to anything but `""` or `0`.
pub fn quick_mode() -> bool {
    std::env::var("UTFAST_BENCH_QUICK").is_ok_and(|v| !v.is_empty() && v != "0")
}

/// The criterion configuration: criterion's defaults, or short times in quick
/// mode; then the command line (filter, `--warm-up-time`, ...) on top.
pub fn criterion() -> Criterion {
    let mut c = Criterion::default();
    if quick_mode() {
        c = c
            .warm_up_time(Duration::from_millis(100))
            .measurement_time(Duration::from_millis(400))
            .sample_size(30)
            .nresamples(10_000);
    }
    c.configure_from_args()
}

/// The CPU's model name from `/proc/cpuinfo` (`model name` on x86, `Model` or the
/// implementer and part numbers on Arm), or `"unknown CPU"`.
pub fn cpu_model() -> String {
    let Ok(info) = std::fs::read_to_string("/proc/cpuinfo") else {
        return "unknown CPU".to_string();
    };
    let field = |key: &str| {
        info.lines().find_map(|line| {
            let (k, v) = line.split_once(':')?;
            (k.trim() == key).then(|| v.trim().to_string())
        })
    };
    if let Some(name) = field("model name").or_else(|| field("Model")) {
        return name;
    }
    match (field("CPU implementer"), field("CPU part")) {
        (Some(imp), Some(part)) => format!("Arm CPU implementer {imp} part {part}"),
        _ => "unknown CPU".to_string(),
    }
}

/// One engine per kernel this build and CPU can run, after naming the CPU on stderr.
pub fn engines() -> Vec<utfast::Engine> {
    eprintln!("CPU: {} ({} logical CPUs)", cpu_model(), cpu_count());
    utfast::Kernel::available()
        .map(|k| utfast::Engine::new(k).expect("available kernels make engines"))
        .collect()
}

/// Logical CPUs, as seen by the process.
pub fn cpu_count() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

// ---------------------------------------------------------------------------
// Corpus
// ---------------------------------------------------------------------------

/// The directory `UTFAST_CORPUS` names, if it is set and not empty.
pub fn corpus_dir() -> Option<PathBuf> {
    std::env::var_os("UTFAST_CORPUS")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

/// Every file under `dir` (recursively) whose name ends with `suffix`, as
/// (path relative to `dir` with `/` separators, full path), sorted by relative
/// path. Unreadable directories are reported on stderr and skipped.
pub fn corpus_files(dir: &Path, suffix: &str) -> Vec<(String, PathBuf)> {
    fn walk(dir: &Path, rel: &str, suffix: &str, out: &mut Vec<(String, PathBuf)>) {
        let entries = match std::fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(e) => {
                eprintln!("warning: cannot read {}: {e}", dir.display());
                return;
            }
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            let rel_name = if rel.is_empty() {
                name.clone()
            } else {
                format!("{rel}/{name}")
            };
            if path.is_dir() {
                walk(&path, &rel_name, suffix, out);
            } else if name.ends_with(suffix) {
                out.push((rel_name, path));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, "", suffix, &mut out);
    out.sort();
    out
}

/// Generated text of `size` bytes in every script, from the fixed seed, as
/// (script name, text).
pub fn generated_texts(size: usize) -> impl Iterator<Item = (&'static str, String)> {
    utfast::sample::Script::ALL.into_iter().map(move |script| {
        (
            script.name(),
            utfast::sample::text(script, size, utfast::sample::SEED),
        )
    })
}

/// The corpus directory: `UTFAST_CORPUS`, or `None` after saying on stderr that
/// only generated text is measured.
pub fn corpus_dir_or_say() -> Option<PathBuf> {
    let dir = corpus_dir();
    if dir.is_none() {
        eprintln!("UTFAST_CORPUS is not set: generated text only");
    }
    dir
}

/// The texts of the files under `dir` whose names end with `suffix`, as
/// (relative path, text), read one at a time, each made text by `decode`. Files
/// that cannot be read, or that `decode` rejects, are reported on stderr and
/// skipped.
pub fn corpus_texts(
    dir: &Path,
    suffix: &str,
    decode: fn(Vec<u8>) -> Option<String>,
) -> impl Iterator<Item = (String, String)> {
    corpus_files(dir, suffix)
        .into_iter()
        .filter_map(move |(rel, path)| match std::fs::read(&path) {
            Ok(bytes) => match decode(bytes) {
                Some(text) => Some((rel, text)),
                None => {
                    eprintln!(
                        "warning: skipping {}: not the expected encoding",
                        path.display()
                    );
                    None
                }
            },
            Err(e) => {
                eprintln!("warning: skipping {}: {e}", path.display());
                None
            }
        })
}

/// The `*.utf8.txt` files under `dir` (see [`corpus_texts`]).
pub fn utf8_texts(dir: &Path) -> impl Iterator<Item = (String, String)> {
    corpus_texts(dir, ".utf8.txt", |bytes| String::from_utf8(bytes).ok())
}
