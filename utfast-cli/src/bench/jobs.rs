//! What `bench` measures: its sections ([`Section`]), the inputs ([`Sample`]),
//! how a pass is timed ([`Timing`]), and what each section runs ([`job`]): its
//! input, made from a sample (pieces of `S` units), and its columns: each kernel's `Engine` method, the
//! dispatching functions, std's way (the reference every column must agree
//! with), then simdutf8, encoding_rs and, with the cargo feature `simdutf`, the
//! C++ simdutf. Every column has one shape: convert a piece into `dst`, return
//! the units written, or `None` for input it rejects; a validation writes
//! nothing. [`Measure::row`] checks every column against std, then times each.

use std::hint::black_box;

use utfast::{ByteOrder, Engine};

use std::ops::Range;
use std::time::{Duration, Instant};

use super::rivals::*;

/// One implementation, named for its column: a conversion of one piece, and a
/// pass over all the pieces with the conversion inlined into the loop, so that
/// short pieces are timed without a call through a pointer each.
struct Column<S, D> {
    name: &'static str,
    one: Box<One<S, D>>,
    all: Box<All<S, D>>,
}

/// A pass over all the pieces: the units written (for `black_box`).
type All<S, D> = dyn Fn(&[&[S]], &mut [D]) -> usize;

/// A conversion of one piece: the units written into `dst`, or `None`.
type One<S, D> = dyn Fn(&[S], &mut [D]) -> Option<usize>;

/// `convert` as the column `name`.
fn column<S, D, F>(name: &'static str, convert: F) -> Column<S, D>
where
    F: Fn(&[S], &mut [D]) -> Option<usize> + Copy + 'static,
{
    let all = move |pieces: &[&[S]], dst: &mut [D]| {
        let written = pieces.iter().map(|&piece| convert(black_box(piece), dst));
        written.fold(0, |sum, n| sum + n.unwrap_or(usize::MAX / 2))
    };
    Column {
        name,
        one: Box::new(convert),
        all: Box::new(all),
    }
}

/// A section's input and columns after the kernels': `input` makes the pieces
/// from a sample; outputs have room for `per_unit` units per input unit.
struct Job<S: 'static, D: 'static> {
    input: fn(&Sample) -> Vec<Vec<S>>,
    per_unit: usize,
    engine: fn(&Engine, &[S], &mut [D]) -> Option<usize>,
    columns: Vec<Column<S, D>>,
}

/// A section's [`Job`], whatever its unit types.
pub trait Measure {
    /// The columns after the kernels': the functions, `std`, the rivals.
    fn names(&self) -> Vec<&'static str>;

    /// Checks that every kernel and column gives std's answer on `sample`, then
    /// times each.
    fn row(&self, sample: &Sample, engines: &[Engine], timing: &Timing) -> Measured;
}

impl<S: Copy, D: Copy + Default + PartialEq> Measure for Job<S, D> {
    fn names(&self) -> Vec<&'static str> {
        self.columns.iter().map(|column| column.name).collect()
    }

    fn row(&self, sample: &Sample, engines: &[Engine], timing: &Timing) -> Measured {
        let input = (self.input)(sample);
        let pieces: Vec<&[S]> = input.iter().map(Vec::as_slice).collect();
        let out_len = self.per_unit * pieces.iter().map(|piece| piece.len()).max().unwrap_or(0);
        let engine = self.engine;
        let kernels = engines
            .iter()
            .map(|&e| column("", move |s, d| engine(&e, s, d)));
        let kernels: Vec<Column<S, D>> = kernels.collect();
        let columns: Vec<&Column<S, D>> = kernels.iter().chain(&self.columns).collect();
        let answers: Vec<Vec<(Option<usize>, Vec<D>)>> = columns
            .iter()
            .map(|column| {
                let answer = |piece: &&[S]| {
                    let mut out = vec![D::default(); out_len];
                    let written = (column.one)(piece, &mut out);
                    out.truncate(written.unwrap_or(0));
                    (written, out)
                };
                pieces.iter().map(answer).collect()
            })
            .collect();
        let passes = columns
            .iter()
            .map(|column| {
                let (mut out, pieces) = (vec![D::default(); out_len], &pieces);
                Box::new(move || (column.all)(black_box(pieces), &mut out)) as Pass<'_>
            })
            .collect();
        let std = engines.len() + self.names().iter().position(|&n| n == "std").unwrap_or(0);
        let bytes = pieces
            .iter()
            .map(|piece| std::mem::size_of_val(*piece))
            .sum();
        timing.row(&answers, std, passes, bytes)
    }
}

/// The columns `$columns`, then simdutf's (`$simdutf`) with the feature
/// `simdutf`.
macro_rules! columns {
    ($($name:literal: $convert:expr,)* $(simdutf: $simdutf:expr)?) => {{
        let columns = vec![$(column($name, $convert)),*];
        $(#[cfg(feature = "simdutf")]
        let columns = { let mut c = columns; c.push(column("simdutf", $simdutf)); c };)?
        columns
    }};
}

/// A sample's valid text, as UTF-8 (one piece).
fn text(sample: &Sample) -> Vec<Vec<u8>> {
    vec![sample.text.clone().unwrap_or_default().into_bytes()]
}

/// A sample's valid text, as UTF-16LE (one piece).
fn utf16le(sample: &Sample) -> Vec<Vec<u16>> {
    let text = sample.text.as_deref().unwrap_or_default();
    vec![text.encode_utf16().map(u16::to_le).collect()]
}

/// What `section` runs. encoding_rs's UTF-16 to UTF-8 replaces errors (it has no
/// strict conversion) and its UTF-8 to Latin-1 does not check (only text it can
/// represent is measured): the same work on the valid text measured. The
/// benchmark's UTF-16LE is native-endian on a little-endian machine.
pub fn job(section: Section) -> Box<dyn Measure> {
    use encoding_rs::mem;
    match section {
        Section::ValidateUtf8 => Box::new(Job {
            input: |sample| sample.pieces().into_iter().map(<[u8]>::to_vec).collect(),
            per_unit: 0,
            engine: |e, s, _| e.validate_utf8(s).then_some(0),
            columns: columns! {
                "validate_utf8": |s, _: &mut [u8]| utfast::validate_utf8(s).then_some(0),
                "from_utf8": |s, _| utfast::from_utf8(s).is_ok().then_some(0),
                "std": |s, _| std::str::from_utf8(s).is_ok().then_some(0),
                "simdutf8": |s, _| simdutf8::basic::from_utf8(s).is_ok().then_some(0),
                "simdutf8 compat": |s, _| simdutf8::compat::from_utf8(s).is_ok().then_some(0),
                "encoding_rs": |s, _| {
                    (encoding_rs::Encoding::utf8_valid_up_to(s) == s.len()).then_some(0)
                },
                simdutf: |s, _| simdutf::validate_utf8(s).then_some(0)
            },
        }),
        Section::Utf8ToUtf16le => Box::new(Job {
            input: text,
            per_unit: 1,
            engine: |e, s, d| e.utf8_to_utf16(s, d, ByteOrder::Little).ok(),
            columns: columns! {
                "utf8_to_utf16le": |s, d| utfast::utf8::to_utf16(s, d, ByteOrder::Little).ok(),
                "std": std_utf8_to_utf16le,
                "encoding_rs": |s, d| {
                    (d.len() >= s.len())
                        .then(|| mem::convert_utf8_to_utf16_without_replacement(s, d))?
                },
                simdutf: simdutf_ffi::utf8_to_utf16le
            },
        }),
        Section::Utf16leToUtf8 => Box::new(Job {
            input: utf16le,
            per_unit: 3,
            engine: |e, s, d| e.utf16_to_utf8(s, d, ByteOrder::Little).ok(),
            columns: columns! {
                "utf16le_to_utf8": |s, d| utfast::utf16::to_utf8(s, d, ByteOrder::Little).ok(),
                "std": std_utf16le_to_utf8,
                "encoding_rs": |s, d| {
                    (d.len() >= s.len().saturating_mul(3)).then(|| mem::convert_utf16_to_utf8(s, d))
                },
                simdutf: simdutf_ffi::utf16le_to_utf8
            },
        }),
        Section::Utf8ToUtf32 => Box::new(Job {
            input: text,
            per_unit: 1,
            engine: |e, s, d| e.utf8_to_utf32(s, d).ok(),
            columns: columns! {
                "utf8_to_utf32": |s, d| utfast::utf8::to_utf32(s, d).ok(),
                "std": std_utf8_to_utf32,
                simdutf: simdutf_ffi::utf8_to_utf32
            },
        }),
        Section::Utf32ToUtf8 => Box::new(Job {
            input: |sample| {
                let text = sample.text.as_deref().unwrap_or_default();
                vec![text.chars().map(u32::from).collect()]
            },
            per_unit: 4,
            engine: |e, s, d| e.utf32_to_utf8(s, d).ok(),
            columns: columns! {
                "utf32_to_utf8": |s, d| utfast::utf32::to_utf8(s, d).ok(),
                "std": std_utf32_to_utf8,
                simdutf: simdutf_ffi::utf32_to_utf8
            },
        }),
        Section::Latin1ToUtf8 => Box::new(Job {
            input: |sample| {
                let text = sample.latin1.as_deref().unwrap_or_default();
                vec![text.chars().map(|c| c as u8).collect()]
            },
            per_unit: 2,
            engine: |e, s, d| e.latin1_to_utf8(s, d).ok(),
            columns: columns! {
                "latin1_to_utf8": |s, d| utfast::latin1::to_utf8(s, d).ok(),
                "std": std_latin1_to_utf8,
                "encoding_rs": |s, d| {
                    (d.len() >= s.len().saturating_mul(2)).then(|| mem::convert_latin1_to_utf8(s, d))
                },
                simdutf: simdutf_ffi::latin1_to_utf8
            },
        }),
        Section::Utf8ToLatin1 => Box::new(Job {
            input: |sample| vec![sample.latin1.clone().unwrap_or_default().into_bytes()],
            per_unit: 1,
            engine: |e, s, d| e.utf8_to_latin1(s, d).ok(),
            columns: columns! {
                "utf8_to_latin1": |s, d| utfast::utf8::to_latin1(s, d).ok(),
                "std": std_utf8_to_latin1,
                "encoding_rs": |s, d| {
                    (d.len() >= s.len() && mem::is_utf8_latin1(s))
                        .then(|| mem::convert_utf8_to_latin1_lossy(s, d))
                },
                simdutf: simdutf_ffi::utf8_to_latin1
            },
        }),
        Section::ValidateUtf16le => Box::new(Job {
            input: utf16le,
            per_unit: 0,
            engine: |e, s, _| e.validate_utf16(s, ByteOrder::Little).then_some(0),
            columns: columns! {
                "validate_utf16le": |s, _: &mut [u8]| {
                    utfast::utf16::validate(s, ByteOrder::Little).then_some(0)
                },
                "std": std_validate_utf16le,
                "encoding_rs": |s, _| (mem::utf16_valid_up_to(s) == s.len()).then_some(0),
                simdutf: |s, _| simdutf::validate_utf16le(s).then_some(0)
            },
        }),
    }
}

/// Declares `Section` from one table, a row per section: its variant, the name
/// `--only` knows it by, its group (a name `--only` takes for several sections),
/// and its title (what is
/// measured, and what std does for it). `Section::ALL` lists the sections in the
/// table's order.
macro_rules! sections {
    ($(
        $(#[$doc:meta])*
        $section:ident $name:literal in $group:literal $title:literal,
    )*) => {
        /// What `bench` measures: one table each, in this order.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
        pub enum Section {
            $($(#[$doc])* $section,)*
        }

        impl Section {
            /// Every section, in order.
            pub const ALL: [Section; [$($name),*].len()] = [$(Section::$section),*];

            /// The name `--only` knows the section by.
            pub fn name(self) -> &'static str {
                match self {
                    $(Section::$section => $name,)*
                }
            }

            /// The name `--only` knows the section's group by.
            pub fn group(self) -> &'static str {
                match self {
                    $(Section::$section => $group,)*
                }
            }

            /// The table's title line.
            pub fn title(self) -> &'static str {
                match self {
                    $(Section::$section => $title,)*
                }
            }
        }
    };
}

sections! {
    ValidateUtf8 "validate-utf8" in "validate"
        "UTF-8 validation (std: str::from_utf8)",
    Utf8ToUtf16le "utf8-to-utf16le" in "transcode"
        "UTF-8 to UTF-16LE (std: str::from_utf8, then str::encode_utf16 into a slice)",
    Utf16leToUtf8 "utf16le-to-utf8" in "transcode"
        "UTF-16LE to UTF-8 (std: char::decode_utf16, then char::encode_utf8 into a slice)",
    Utf8ToUtf32 "utf8-to-utf32" in "transcode"
        "UTF-8 to UTF-32 (std: str::from_utf8, then str::chars into a slice)",
    Utf32ToUtf8 "utf32-to-utf8" in "transcode"
        "UTF-32 to UTF-8 (std: char::from_u32, then char::encode_utf8 into a slice)",
    Latin1ToUtf8 "latin1-to-utf8" in "transcode"
        "Latin-1 to UTF-8 (std: char::from(u8), then char::encode_utf8 into a slice)",
    Utf8ToLatin1 "utf8-to-latin1" in "transcode"
        "UTF-8 to Latin-1 (std: str::from_utf8, then str::chars as u8 into a slice)",
    ValidateUtf16le "validate-utf16le" in "validate"
        "UTF-16LE validation (std: char::decode_utf16)",
}

impl Section {
    /// The groups' names, in the order of their first sections.
    pub const GROUPS: [&'static str; 2] = ["validate", "transcode"];

    /// Every name `--only` accepts: the groups, then the sections.
    pub fn names() -> impl Iterator<Item = &'static str> {
        let sections = Section::ALL.iter().map(|section| section.name());
        Section::GROUPS.into_iter().chain(sections)
    }

    /// The sections `name` (a section's or a group's, in any case) stands for.
    pub fn named(name: &str) -> Option<Vec<Section>> {
        let name = name.trim();
        let sections: Vec<Section> = Section::ALL
            .into_iter()
            .filter(|s| s.name().eq_ignore_ascii_case(name) || s.group().eq_ignore_ascii_case(name))
            .collect();
        (!sections.is_empty()).then_some(sections)
    }

    /// Whether the section has a row for `sample`: every input is validated as
    /// UTF-8; the others take valid text (not the short strings), the Latin-1
    /// ones text that Latin-1 can represent.
    pub fn measures(self, sample: &Sample) -> bool {
        match self {
            Section::ValidateUtf8 => true,
            Section::Latin1ToUtf8 | Section::Utf8ToLatin1 => sample.latin1.is_some(),
            _ => sample.text.is_some(),
        }
    }
}

/// One row's results: the throughput (GB/s) of each column, the input bytes per
/// pass, and the columns whose answer differs from std's.
pub struct Measured {
    pub bytes: usize,
    pub gbps: Vec<f64>,
    pub disagree: Vec<usize>,
}

/// A pass of one implementation over one input, timed as a unit; returns a value
/// that depends on the work, for `black_box`.
pub type Pass<'a> = Box<dyn FnMut() -> usize + 'a>;

/// How each implementation is timed: the best of `rounds` batches of about
/// `batch` each.
pub struct Timing {
    pub rounds: u32,
    pub batch: Duration,
}

impl Timing {
    /// A row: which `answers` differ from the `reference` column's, and the
    /// throughput of each of the `passes` over `bytes` of input.
    pub fn row<A: PartialEq>(
        &self,
        answers: &[A],
        reference: usize,
        mut passes: Vec<Pass<'_>>,
        bytes: usize,
    ) -> Measured {
        let disagree = (0..answers.len())
            .filter(|&i| answers[i] != answers[reference])
            .collect();
        let runs: Vec<u32> = passes.iter_mut().map(|pass| self.runs(pass)).collect();
        let mut best = vec![Duration::MAX; passes.len()];
        for round in 0..self.rounds as usize {
            // Rotate the order every round so that no implementation always goes first.
            for k in 0..passes.len() {
                let i = (round + k) % passes.len();
                best[i] = best[i].min(time(&mut passes[i], runs[i]) / runs[i]);
            }
        }
        let gbps = best
            .iter()
            .map(|time| bytes as f64 / time.as_secs_f64().max(1e-12) / 1e9);
        Measured {
            bytes,
            gbps: gbps.collect(),
            disagree,
        }
    }

    /// How many passes fill a batch, estimated from a doubling series of timed
    /// passes (which also warms up caches and branch predictors).
    fn runs(&self, pass: &mut Pass<'_>) -> u32 {
        let mut runs = 1u32;
        loop {
            let elapsed = time(pass, runs);
            if elapsed >= self.batch / 4 || runs >= 1 << 24 {
                let per_run = elapsed.as_secs_f64() / f64::from(runs);
                return (self.batch.as_secs_f64() / per_run.max(1e-12)).clamp(1.0, 1e9) as u32;
            }
            runs *= 2;
        }
    }
}

fn time(pass: &mut Pass<'_>, runs: u32) -> Duration {
    let start = Instant::now();
    for _ in 0..runs {
        black_box(pass());
    }
    start.elapsed()
}

/// An input to measure: `data`, validated as a whole or as separate pieces, and
/// the text the other sections convert.
pub struct Sample {
    pub name: String,
    pub data: Vec<u8>,
    pub pieces: Vec<Range<usize>>,
    /// Not valid UTF-8 (files only).
    pub invalid: bool,
    /// Valid text for the transcoding and UTF-16 sections.
    pub text: Option<String>,
    /// Text Latin-1 can represent, for the Latin-1 sections.
    pub latin1: Option<String>,
}

impl Sample {
    /// A file's contents, or a generated text, measured whole; its text, if it is
    /// valid UTF-8, is converted whole too.
    pub fn whole(name: String, data: Vec<u8>) -> Sample {
        let text = String::from_utf8(data.clone()).ok();
        let latin1 = text
            .as_ref()
            .filter(|text| text.chars().all(|c| u32::from(c) <= 0xFF))
            .cloned();
        Sample {
            name,
            pieces: std::iter::once(0..data.len()).collect(),
            invalid: text.is_none(),
            data,
            text,
            latin1,
        }
    }

    pub fn pieces(&self) -> Vec<&[u8]> {
        self.pieces
            .iter()
            .map(|range| &self.data[range.clone()])
            .collect()
    }
}
