//! Helpers shared by the benchmarks: criterion configuration, CPU identification,
//! deterministic text generation and corpus discovery.
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
//! No data files are needed: [`generate`] and [`short_strings`] make text from a
//! fixed-seed PRNG, so every run and every machine measures the same bytes.
#![allow(dead_code)] // Not every bench uses every helper.

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

/// Logical CPUs, as seen by the process.
pub fn cpu_count() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

// ---------------------------------------------------------------------------
// Deterministic text
// ---------------------------------------------------------------------------

/// A small, fast, deterministic PRNG (SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator with a fixed seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent
    }

    /// A random element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u32) as usize]
    }
}

/// The kind of text [`generate`] writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Script {
    /// English-like words: 1-byte characters only.
    Ascii,
    /// French/German/Czech-like words: mostly ASCII, about one letter in seven
    /// accented (2 bytes).
    Latin,
    /// Russian-like words: Cyrillic letters (2 bytes) between ASCII spaces and
    /// punctuation.
    Cyrillic,
    /// Chinese/Japanese-like text: CJK ideographs and kana (3 bytes), full-width
    /// punctuation, hardly any ASCII.
    Cjk,
    /// Emoji (4 bytes), sometimes separated by spaces.
    Emoji,
    /// Every word from a random script above, plus Greek, Arabic and Devanagari:
    /// 1- to 4-byte characters interleaved at random, the hardest case for code
    /// that branches on character length.
    Mixed,
}

impl Script {
    /// Every script, in the order the benchmarks use.
    pub const ALL: &'static [Script] = &[
        Script::Ascii,
        Script::Latin,
        Script::Cyrillic,
        Script::Cjk,
        Script::Emoji,
        Script::Mixed,
    ];

    /// A lower-case name for benchmark ids.
    pub fn name(self) -> &'static str {
        match self {
            Script::Ascii => "ascii",
            Script::Latin => "latin",
            Script::Cyrillic => "cyrillic",
            Script::Cjk => "cjk",
            Script::Emoji => "emoji",
            Script::Mixed => "mixed",
        }
    }
}

/// Accented Latin letters, all of 2 bytes in UTF-8.
const ACCENTED: &[char] = &[
    'é', 'è', 'ê', 'à', 'â', 'ç', 'ô', 'û', 'ü', 'ö', 'ä', 'ß', 'ñ', 'í', 'ó', 'ú', 'á', 'č', 'ř',
    'š', 'ž', 'ě', 'ů', 'ý', 'œ', 'ï', 'ë', 'å', 'ø', 'ł',
];
const CJK_PUNCT: &[char] = &['，', '。', '、', '「', '」', '！', '？', '：'];

/// A character from the inclusive range `lo..=hi` of assigned, non-surrogate code
/// points (the caller's responsibility).
fn char_in(rng: &mut Rng, lo: u32, hi: u32) -> char {
    char::from_u32(lo + rng.below(hi - lo + 1)).expect("range holds scalar values")
}

/// One letter of `script` (never `Mixed`, which picks a script per word).
fn letter(rng: &mut Rng, script: Script) -> char {
    match script {
        Script::Ascii => char_in(rng, 'a' as u32, 'z' as u32),
        Script::Latin => {
            if rng.chance(14) {
                *rng.pick(ACCENTED)
            } else {
                char_in(rng, 'a' as u32, 'z' as u32)
            }
        }
        Script::Cyrillic => char_in(rng, 0x0430, 0x044F),
        Script::Cjk => {
            if rng.chance(20) {
                char_in(rng, 0x3041, 0x3096) // hiragana
            } else {
                char_in(rng, 0x4E00, 0x9FFF)
            }
        }
        Script::Emoji => {
            if rng.chance(70) {
                char_in(rng, 0x1F300, 0x1F5FF)
            } else {
                char_in(rng, 0x1F900, 0x1F9FF)
            }
        }
        Script::Mixed => unreachable!("mixed text picks a script per word"),
    }
}

/// A letter for a word of mixed text: the script of the word is `which`.
fn mixed_letter(rng: &mut Rng, which: u32) -> char {
    match which {
        0 => letter(rng, Script::Ascii),
        1 => letter(rng, Script::Latin),
        2 => letter(rng, Script::Cyrillic),
        3 => char_in(rng, 0x03B1, 0x03C9), // Greek
        4 => char_in(rng, 0x0627, 0x064A), // Arabic
        5 => char_in(rng, 0x0915, 0x0939), // Devanagari
        6 => letter(rng, Script::Cjk),
        _ => letter(rng, Script::Emoji),
    }
}

/// Exactly `len` bytes of valid UTF-8 text in `script`, the same on every call:
/// words of letters separated by spaces, punctuation and newlines, as the script
/// writes them. The end is padded with ASCII spaces to the exact length.
pub fn generate(script: Script, len: usize) -> Vec<u8> {
    let mut rng = Rng::new(0x5EED_0000 + script as u64);
    let mut text = String::with_capacity(len + 8);
    let mut buf = [0u8; 4];
    'outer: loop {
        // One word.
        let word_script = rng.below(8);
        let word_len = match script {
            Script::Cjk => 4 + rng.below(20),
            Script::Emoji => 1 + rng.below(6),
            _ => 2 + rng.below(9),
        };
        for i in 0..word_len {
            let mut c = match script {
                Script::Mixed => mixed_letter(&mut rng, word_script),
                s => letter(&mut rng, s),
            };
            if i == 0 && c.is_ascii_lowercase() && rng.chance(15) {
                c = c.to_ascii_uppercase();
            }
            let s = c.encode_utf8(&mut buf);
            if text.len() + s.len() > len {
                break 'outer;
            }
            text.push_str(s);
        }
        // A separator.
        let sep: &str = match script {
            // No spaces: full-width punctuation, or none, sometimes a line break or
            // a number.
            Script::Cjk => match rng.below(20) {
                0..=13 => {
                    CJK_PUNCT[rng.below(CJK_PUNCT.len() as u32) as usize].encode_utf8(&mut buf)
                }
                14..=17 => "",
                18 => "\n",
                _ => "2024",
            },
            Script::Emoji if rng.chance(50) => "",
            _ => match rng.below(20) {
                0 => ", ",
                1 => ". ",
                2 => ".\n",
                _ => " ",
            },
        };
        if text.len() + sep.len() > len {
            break;
        }
        text.push_str(sep);
    }
    let mut bytes = text.into_bytes();
    bytes.resize(len, b' ');
    debug_assert!(std::str::from_utf8(&bytes).is_ok());
    bytes
}

/// The text of a batch of short strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShortKind {
    /// Printable ASCII.
    Ascii,
    /// 1- to 4-byte characters at random; non-ASCII from the first character on
    /// when the size allows.
    Mixed,
}

impl ShortKind {
    /// Both kinds.
    pub const ALL: &'static [ShortKind] = &[ShortKind::Ascii, ShortKind::Mixed];

    /// A lower-case name for benchmark ids.
    pub fn name(self) -> &'static str {
        match self {
            ShortKind::Ascii => "ascii",
            ShortKind::Mixed => "mixed",
        }
    }
}

/// One random character of exactly `width` bytes (1 to 4).
fn char_of_width(rng: &mut Rng, width: usize) -> char {
    match width {
        1 => char_in(rng, 0x20, 0x7E),
        2 => {
            if rng.chance(50) {
                *rng.pick(ACCENTED) // all 2 bytes
            } else {
                char_in(rng, 0x0430, 0x044F)
            }
        }
        3 => char_in(rng, 0x4E00, 0x9FFF),
        _ => char_in(rng, 0x1F300, 0x1F5FF),
    }
}

/// `count` valid UTF-8 strings of exactly `size` bytes each, stored one after the
/// other in one buffer with one separator byte between them (so their start
/// addresses vary in alignment as slices of real text do). Returns the buffer and
/// the `(start, end)` of each string.
pub fn short_strings(kind: ShortKind, size: usize, count: usize) -> (Vec<u8>, Vec<(usize, usize)>) {
    let mut rng = Rng::new(0x5407_0000 + size as u64 * 2 + kind as u64);
    let mut buf = Vec::with_capacity(count * (size + 1));
    let mut ranges = Vec::with_capacity(count);
    let mut tmp = [0u8; 4];
    for _ in 0..count {
        let start = buf.len();
        let mut left = size;
        let mut first = true;
        while left > 0 {
            let width = match kind {
                ShortKind::Ascii => 1,
                ShortKind::Mixed => {
                    // About half the characters ASCII, the rest 2-4 bytes; the first
                    // one non-ASCII when it fits.
                    let want = if first && left >= 2 {
                        2 + rng.below(3) as usize
                    } else if rng.chance(50) {
                        1
                    } else {
                        2 + rng.below(3) as usize
                    };
                    want.min(left)
                }
            };
            first = false;
            let c = char_of_width(&mut rng, width);
            let s = c.encode_utf8(&mut tmp);
            debug_assert_eq!(s.len(), width);
            buf.extend_from_slice(s.as_bytes());
            left -= width;
        }
        ranges.push((start, buf.len()));
        buf.push(b'\n');
    }
    debug_assert!(std::str::from_utf8(&buf).is_ok());
    (buf, ranges)
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
