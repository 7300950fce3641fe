//! What each section of `bench` runs ([`job`]): its input, made from a sample
//! (pieces of `S` units), and its columns: each kernel's `Engine` method, the
//! dispatching functions, std's way (the reference every column must agree
//! with), then simdutf8, encoding_rs and, with the cargo feature `simdutf`, the
//! C++ simdutf. Every column has one shape: convert a piece into `dst`, return
//! the units written, or `None` for input it rejects; a validation writes
//! nothing. [`Measure::row`] checks every column against std, then times each.

use std::hint::black_box;

use utfast::{ByteOrder, Engine};

use super::rivals::*;
use super::{Measured, Pass, Sample, Section, Timing};

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
