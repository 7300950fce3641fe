//! `utfast convert`: transcodes one input between UTF-8, UTF-16LE/BE, UTF-32LE/BE
//! and Latin-1 with the library's kernels, streaming it in blocks of [`BLOCK`]
//! bytes (constant memory). A character cut by a block edge is carried over into
//! the next block, so that error offsets are those of the whole input (its byte
//! order mark included). Output to a file goes to a temporary file beside it,
//! renamed over it only when the whole input has been converted.
//!
//! Strict conversions between the six classic encodings take the direct path
//! here; `--errors` modes other than strict, and CESU-8, Modified UTF-8 and WTF-8,
//! take the general path of [`recode`].

mod recode;

use std::borrow::Cow;
use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use utfast::{
    ByteOrder, ErrorMode, Utf16Error, Utf16ErrorKind, Utf32Error, Utf8Error, Utf8ErrorKind,
};

use crate::args::ConvertOptions;
use crate::validate::{self, Position, Reader, MAX_SEQUENCE};
use crate::{warn, Status};

/// Input bytes converted at a time.
pub const BLOCK: usize = 1 << 20;

/// The output buffer in front of standard output or the output file.
pub(crate) const OUT_BUFFER: usize = 1 << 16;

/// The most bytes carried from one block to the next: those of the general path
/// (see `recode::MAX_PENDING`); on the direct path, three bytes of a UTF-8
/// sequence, a UTF-16 high surrogate and one byte, or three bytes of a UTF-32 unit.
const MAX_CARRY: usize = recode::MAX_PENDING;

/// A text encoding that `convert` reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    Utf16Le,
    Utf16Be,
    Utf32Le,
    Utf32Be,
    Latin1,
    /// CESU-8: supplementary characters as two 3-byte surrogates.
    Cesu8,
    /// Java's Modified UTF-8: CESU-8 with U+0000 as `c0 80`.
    Mutf8,
    /// WTF-8: UTF-8 that also holds unpaired surrogates.
    Wtf8,
}

impl Encoding {
    pub const ALL: [Encoding; 9] = [
        Encoding::Utf8,
        Encoding::Utf16Le,
        Encoding::Utf16Be,
        Encoding::Utf32Le,
        Encoding::Utf32Be,
        Encoding::Latin1,
        Encoding::Cesu8,
        Encoding::Mutf8,
        Encoding::Wtf8,
    ];

    /// The canonical spelling on the command line: `utf-16le`.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "utf-8",
            Encoding::Utf16Le => "utf-16le",
            Encoding::Utf16Be => "utf-16be",
            Encoding::Utf32Le => "utf-32le",
            Encoding::Utf32Be => "utf-32be",
            Encoding::Latin1 => "latin1",
            Encoding::Cesu8 => "cesu-8",
            Encoding::Mutf8 => "mutf-8",
            Encoding::Wtf8 => "wtf-8",
        }
    }

    /// The name in messages: `UTF-16LE`.
    pub fn label(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf16Le => "UTF-16LE",
            Encoding::Utf16Be => "UTF-16BE",
            Encoding::Utf32Le => "UTF-32LE",
            Encoding::Utf32Be => "UTF-32BE",
            Encoding::Latin1 => "Latin-1",
            Encoding::Cesu8 => "CESU-8",
            Encoding::Mutf8 => "Modified UTF-8",
            Encoding::Wtf8 => "WTF-8",
        }
    }

    /// The encoding a command-line name stands for, in any case: `utf-8` or `utf8`,
    /// `utf-16le` or `utf16le`, ..., `latin1`, `latin-1` or `iso-8859-1`, `mutf-8`,
    /// `modified-utf-8` or `java`.
    pub fn from_name(name: &str) -> Option<Encoding> {
        let name = name.to_ascii_lowercase().replace(' ', "-");
        Encoding::ALL
            .into_iter()
            .find(|encoding| encoding.name() == name || encoding.name().replace('-', "") == name)
            .or(match name.as_str() {
                "latin-1" | "iso-8859-1" | "iso8859-1" => Some(Encoding::Latin1),
                "modified-utf-8" | "modified-utf8" | "java" => Some(Encoding::Mutf8),
                _ => None,
            })
    }

    /// The byte order mark; empty for Latin-1, which has none. CESU-8, Modified
    /// UTF-8 and WTF-8 encode U+FEFF as UTF-8 does.
    pub fn bom(self) -> &'static [u8] {
        match self {
            Encoding::Utf8 | Encoding::Cesu8 | Encoding::Mutf8 | Encoding::Wtf8 => b"\xEF\xBB\xBF",
            Encoding::Utf16Le => b"\xFF\xFE",
            Encoding::Utf16Be => b"\xFE\xFF",
            Encoding::Utf32Le => b"\xFF\xFE\x00\x00",
            Encoding::Utf32Be => b"\x00\x00\xFE\xFF",
            Encoding::Latin1 => b"",
        }
    }

    /// True for the encodings only the general path converts.
    fn is_variant(self) -> bool {
        matches!(self, Encoding::Cesu8 | Encoding::Mutf8 | Encoding::Wtf8)
    }

    fn order(self) -> ByteOrder {
        match self {
            Encoding::Utf16Be | Encoding::Utf32Be => ByteOrder::Big,
            _ => ByteOrder::Little,
        }
    }
}

/// The length of the byte order mark of `from` at the start of `head` (0 when
/// there is none), or the other encoding whose mark `head` starts with. A UTF-32LE
/// mark (`ff fe 00 00`) counts as such even for `--from utf-16le`, where it could
/// also be a mark and U+0000: a mislabelled UTF-32 file is far more likely.
fn detect_bom(from: Encoding, head: &[u8]) -> Result<usize, Encoding> {
    let utf32_as_utf16 = from == Encoding::Utf16Le && head.starts_with(Encoding::Utf32Le.bom());
    if !from.bom().is_empty() && head.starts_with(from.bom()) && !utf32_as_utf16 {
        return Ok(from.bom().len());
    }
    // The UTF-32 marks first: each starts with or contains a UTF-16 one.
    let foreign = [
        Encoding::Utf32Le,
        Encoding::Utf32Be,
        Encoding::Utf8,
        Encoding::Utf16Le,
        Encoding::Utf16Be,
    ]
    .into_iter()
    .find(|other| *other != from && head.starts_with(other.bom()));
    match foreign {
        Some(other) => Err(other),
        None => Ok(0),
    }
}

/// Why a block could not be converted, at byte `at` of the block's text.
#[derive(Debug, PartialEq, Eq)]
struct Problem {
    at: usize,
    what: What,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum What {
    /// Invalid UTF-8, with std's `error_len`.
    Utf8 {
        kind: Utf8ErrorKind,
        error_len: Option<usize>,
    },
    /// An invalid UTF-16 or UTF-32 unit: why, and the bytes to show.
    Unit { kind: &'static str, len: usize },
    /// The input ends `len` bytes into a code unit of `unit` bytes.
    IncompleteUnit { unit: usize, len: usize },
    /// A character above U+00FF on the way to Latin-1, of `len` input bytes.
    NotLatin1 { ch: char, len: usize },
    /// A code point the target cannot hold (an unpaired surrogate), of `len`
    /// input bytes.
    NotRepresentable { cp: u32, len: usize },
    /// The input starts with the byte order mark of this other encoding.
    ForeignBom(Encoding),
    /// A conversion ran out of output space: a bug, as the output is sized for
    /// the worst case.
    OutputTooSmall,
}

impl What {
    /// The input bytes to show, when the block holds them all.
    fn len(self) -> usize {
        match self {
            What::Utf8 { error_len, .. } => error_len.unwrap_or(MAX_SEQUENCE),
            What::Unit { len, .. }
            | What::IncompleteUnit { len, .. }
            | What::NotLatin1 { len, .. }
            | What::NotRepresentable { len, .. } => len,
            What::ForeignBom(other) => other.bom().len(),
            What::OutputTooSmall => 0,
        }
    }
}

/// Converts blocks of input text, reusing its buffers from one block to the next.
struct Converter {
    from: Encoding,
    to: Encoding,
    mode: ErrorMode,
    /// The general path's code points, where they came from, and UTF-16 scratch.
    values: Vec<u32>,
    stretches: Vec<recode::Stretch>,
    units: Vec<u16>,
    /// UTF-16 or UTF-32 input units, with the input's bytes.
    in16: Vec<u16>,
    in32: Vec<u32>,
    /// UTF-16 or UTF-32 output units, before they become bytes.
    out16: Vec<u16>,
    out32: Vec<u32>,
    /// The output of the last block: all of it, or the conversion of the text
    /// before the problem.
    out: Vec<u8>,
}

/// The error of a conversion, which says how much output it wrote.
trait Stopped {
    fn units_written(&self) -> usize;
}

/// The output units of a conversion, whether it succeeded or not.
fn written<E: Stopped>(result: &Result<usize, E>) -> usize {
    match result {
        Ok(n) => *n,
        Err(error) => error.units_written(),
    }
}

impl Stopped for Utf8Error {
    fn units_written(&self) -> usize {
        self.written()
    }
}

impl Stopped for Utf16Error {
    fn units_written(&self) -> usize {
        self.written()
    }
}

impl Stopped for Utf32Error {
    fn units_written(&self) -> usize {
        self.written()
    }
}

impl Stopped for utfast::OutputTooSmall {
    fn units_written(&self) -> usize {
        self.written()
    }
}

/// Makes `buffer` at least `len` units long.
fn grow<T: Copy + Default>(buffer: &mut Vec<T>, len: usize) {
    if buffer.len() < len {
        buffer.resize(len, T::default());
    }
}

/// Appends UTF-16 units as they are in memory (they are in the target order).
fn push_u16s(out: &mut Vec<u8>, units: &[u16]) {
    let start = out.len();
    out.resize(start + 2 * units.len(), 0);
    for (bytes, unit) in out[start..].chunks_exact_mut(2).zip(units) {
        bytes.copy_from_slice(&unit.to_ne_bytes());
    }
}

/// Appends UTF-32 values in byte order `order`.
fn push_u32s(out: &mut Vec<u8>, values: &[u32], order: ByteOrder) {
    let start = out.len();
    out.resize(start + 4 * values.len(), 0);
    let slots = out[start..].chunks_exact_mut(4).zip(values);
    match order {
        ByteOrder::Little => slots.for_each(|(bytes, v)| bytes.copy_from_slice(&v.to_le_bytes())),
        ByteOrder::Big => slots.for_each(|(bytes, v)| bytes.copy_from_slice(&v.to_be_bytes())),
    }
}

/// Replaces `units` with the UTF-16 units of `bytes`, as they are in memory.
fn read_u16s(units: &mut Vec<u16>, bytes: &[u8]) {
    units.clear();
    units.resize(bytes.len() / 2, 0);
    for (unit, pair) in units.iter_mut().zip(bytes.chunks_exact(2)) {
        *unit = u16::from_ne_bytes([pair[0], pair[1]]);
    }
}

/// Replaces `values` with the UTF-32 values of `bytes` in byte order `order`.
fn read_u32s(values: &mut Vec<u32>, bytes: &[u8], order: ByteOrder) {
    values.clear();
    values.resize(bytes.len() / 4, 0);
    let slots = values.iter_mut().zip(bytes.chunks_exact(4));
    match order {
        ByteOrder::Little => {
            slots.for_each(|(v, b)| *v = u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
        }
        ByteOrder::Big => {
            slots.for_each(|(v, b)| *v = u32::from_be_bytes([b[0], b[1], b[2], b[3]]));
        }
    }
}

/// Runs a conversion that writes bytes straight into `out`, sized `capacity`.
fn into_bytes<E: Stopped>(
    out: &mut Vec<u8>,
    capacity: usize,
    convert: impl FnOnce(&mut [u8]) -> Result<usize, E>,
) -> Result<usize, E> {
    out.clear();
    out.resize(capacity, 0);
    let result = convert(out);
    out.truncate(written(&result));
    result
}

impl Converter {
    fn new(from: Encoding, to: Encoding, mode: ErrorMode) -> Converter {
        Converter {
            from,
            to,
            mode,
            values: Vec::new(),
            stretches: Vec::new(),
            units: Vec::new(),
            in16: Vec::new(),
            in32: Vec::new(),
            out16: Vec::new(),
            out32: Vec::new(),
            out: Vec::new(),
        }
    }

    /// Converts the text of one block into `self.out`. Returns the bytes of `src`
    /// converted: all of them, or, unless `at_end`, all but an incomplete
    /// character at the end, to be carried over into the next block. On a problem,
    /// `self.out` holds the conversion of the text before it.
    fn convert_block(&mut self, src: &[u8], at_end: bool) -> Result<usize, Problem> {
        self.out.clear();
        if self.mode != ErrorMode::Strict || self.from.is_variant() || self.to.is_variant() {
            return match self.direct_with_mode(src, at_end) {
                Some(result) => result,
                None => self.recode_block(src, at_end),
            };
        }
        match self.from {
            Encoding::Utf8 => self.utf8_block(src, at_end),
            Encoding::Utf16Le | Encoding::Utf16Be => self.utf16_block(src, at_end),
            Encoding::Utf32Le | Encoding::Utf32Be => self.utf32_block(src, at_end),
            Encoding::Latin1 => self.latin1_block(src),
            Encoding::Cesu8 | Encoding::Mutf8 | Encoding::Wtf8 => self.recode_block(src, at_end),
        }
    }

    fn utf8_block(&mut self, src: &[u8], at_end: bool) -> Result<usize, Problem> {
        let out = &mut self.out;
        let result = match self.to {
            // Taken by the general path (`convert_block`), never here.
            Encoding::Cesu8 | Encoding::Mutf8 | Encoding::Wtf8 => return Err(not_direct()),
            Encoding::Utf8 => {
                let result = utfast::from_utf8(src).map(str::len);
                out.extend_from_slice(&src[..result.unwrap_or_else(|e| e.valid_up_to())]);
                result
            }
            Encoding::Utf16Le | Encoding::Utf16Be => {
                grow(&mut self.out16, src.len());
                let result = if self.to == Encoding::Utf16Le {
                    utfast::utf8_to_utf16le(src, &mut self.out16)
                } else {
                    utfast::utf8_to_utf16be(src, &mut self.out16)
                };
                push_u16s(out, &self.out16[..written(&result)]);
                result
            }
            Encoding::Utf32Le | Encoding::Utf32Be => {
                grow(&mut self.out32, src.len());
                let result = utfast::utf8_to_utf32(src, &mut self.out32);
                push_u32s(out, &self.out32[..written(&result)], self.to.order());
                result
            }
            Encoding::Latin1 => into_bytes(out, src.len(), |dst| utfast::utf8_to_latin1(src, dst)),
        };
        let Err(error) = result else {
            return Ok(src.len());
        };
        let at = error.valid_up_to();
        let what = match error.kind() {
            Utf8ErrorKind::TruncatedAtEnd if !at_end => return Ok(at),
            Utf8ErrorKind::OutputTooSmall => What::OutputTooSmall,
            Utf8ErrorKind::NotLatin1 => {
                let len = error.error_len().unwrap_or(0);
                let ch = std::str::from_utf8(&src[at..(at + len).min(src.len())])
                    .ok()
                    .and_then(|s| s.chars().next())
                    .unwrap_or(char::REPLACEMENT_CHARACTER);
                What::NotLatin1 { ch, len }
            }
            kind => What::Utf8 {
                kind,
                error_len: error.error_len(),
            },
        };
        Err(Problem { at, what })
    }

    fn utf16_block(&mut self, src: &[u8], at_end: bool) -> Result<usize, Problem> {
        let whole = src.len() / 2 * 2;
        let order = self.from.order();
        read_u16s(&mut self.in16, &src[..whole]);
        let units = &self.in16;
        let out = &mut self.out;
        let le = order == ByteOrder::Little;
        let result = match self.to {
            // Taken by the general path (`convert_block`), never here.
            Encoding::Cesu8 | Encoding::Mutf8 | Encoding::Wtf8 => return Err(not_direct()),
            Encoding::Utf8 => into_bytes(out, 3 * units.len(), |dst| {
                if le {
                    utfast::utf16le_to_utf8(units, dst)
                } else {
                    utfast::utf16be_to_utf8(units, dst)
                }
            }),
            Encoding::Utf16Le | Encoding::Utf16Be => {
                let result = if le {
                    utfast::check_utf16le(units)
                } else {
                    utfast::check_utf16be(units)
                };
                let valid = result.map_or_else(|e| e.valid_up_to(), |()| units.len());
                let bytes = &src[..2 * valid];
                if self.to.order() == order {
                    out.extend_from_slice(bytes);
                } else {
                    out.resize(bytes.len(), 0);
                    for (swapped, pair) in out.chunks_exact_mut(2).zip(bytes.chunks_exact(2)) {
                        swapped.copy_from_slice(&[pair[1], pair[0]]);
                    }
                }
                result.map(|()| valid)
            }
            Encoding::Utf32Le | Encoding::Utf32Be => {
                grow(&mut self.out32, units.len());
                let result = if le {
                    utfast::utf16le_to_utf32(units, &mut self.out32)
                } else {
                    utfast::utf16be_to_utf32(units, &mut self.out32)
                };
                push_u32s(out, &self.out32[..written(&result)], self.to.order());
                result
            }
            Encoding::Latin1 => into_bytes(out, units.len(), |dst| {
                if le {
                    utfast::utf16le_to_latin1(units, dst)
                } else {
                    utfast::utf16be_to_latin1(units, dst)
                }
            }),
        };
        let Err(error) = result else {
            return incomplete_unit(src, whole, 2, at_end);
        };
        let index = error.valid_up_to();
        let at = 2 * index;
        let what = match error.kind() {
            Utf16ErrorKind::TruncatedAtEnd if !at_end => return Ok(at),
            // With the odd byte after it, if any.
            Utf16ErrorKind::TruncatedAtEnd => What::Unit {
                kind: error.kind().as_str(),
                len: src.len() - at,
            },
            Utf16ErrorKind::OutputTooSmall => What::OutputTooSmall,
            Utf16ErrorKind::NotLatin1 => {
                let pair = units[index..].iter().take(2).map(|&u| order.read_u16(u));
                let ch = char::decode_utf16(pair)
                    .next()
                    .and_then(Result::ok)
                    .unwrap_or(char::REPLACEMENT_CHARACTER);
                What::NotLatin1 {
                    ch,
                    len: 2 * ch.len_utf16(),
                }
            }
            kind => What::Unit {
                kind: kind.as_str(),
                len: 2,
            },
        };
        Err(Problem { at, what })
    }

    fn utf32_block(&mut self, src: &[u8], at_end: bool) -> Result<usize, Problem> {
        let whole = src.len() / 4 * 4;
        read_u32s(&mut self.in32, &src[..whole], self.from.order());
        let values = &self.in32;
        let out = &mut self.out;
        let result = match self.to {
            // Taken by the general path (`convert_block`), never here.
            Encoding::Cesu8 | Encoding::Mutf8 | Encoding::Wtf8 => return Err(not_direct()),
            Encoding::Utf8 => into_bytes(out, 4 * values.len(), |dst| {
                utfast::utf32_to_utf8(values, dst)
            }),
            Encoding::Utf16Le | Encoding::Utf16Be => {
                grow(&mut self.out16, 2 * values.len());
                let result = if self.to == Encoding::Utf16Le {
                    utfast::utf32_to_utf16le(values, &mut self.out16)
                } else {
                    utfast::utf32_to_utf16be(values, &mut self.out16)
                };
                push_u16s(out, &self.out16[..written(&result)]);
                result
            }
            Encoding::Utf32Le | Encoding::Utf32Be => {
                let result = utfast::check_utf32(values);
                let valid = result.map_or_else(|e| e.valid_up_to(), |()| values.len());
                if self.to == self.from {
                    out.extend_from_slice(&src[..4 * valid]);
                } else {
                    push_u32s(out, &values[..valid], self.to.order());
                }
                result.map(|()| valid)
            }
            Encoding::Latin1 => into_bytes(out, values.len(), |dst| {
                utfast::utf32_to_latin1(values, dst)
            }),
        };
        let Err(error) = result else {
            return incomplete_unit(src, whole, 4, at_end);
        };
        let index = error.valid_up_to();
        let what = match error.kind() {
            utfast::Utf32ErrorKind::OutputTooSmall => What::OutputTooSmall,
            utfast::Utf32ErrorKind::NotLatin1 => What::NotLatin1 {
                ch: values
                    .get(index)
                    .and_then(|&v| char::from_u32(v))
                    .unwrap_or(char::REPLACEMENT_CHARACTER),
                len: 4,
            },
            kind => What::Unit {
                kind: kind.as_str(),
                len: 4,
            },
        };
        Err(Problem {
            at: 4 * index,
            what,
        })
    }

    fn latin1_block(&mut self, src: &[u8]) -> Result<usize, Problem> {
        let out = &mut self.out;
        let result = match self.to {
            // Taken by the general path (`convert_block`), never here.
            Encoding::Cesu8 | Encoding::Mutf8 | Encoding::Wtf8 => return Err(not_direct()),
            Encoding::Utf8 => {
                into_bytes(out, 2 * src.len(), |dst| utfast::latin1_to_utf8(src, dst))
            }
            Encoding::Utf16Le | Encoding::Utf16Be => {
                grow(&mut self.out16, src.len());
                let result = if self.to == Encoding::Utf16Le {
                    utfast::latin1_to_utf16le(src, &mut self.out16)
                } else {
                    utfast::latin1_to_utf16be(src, &mut self.out16)
                };
                push_u16s(out, &self.out16[..written(&result)]);
                result
            }
            Encoding::Utf32Le | Encoding::Utf32Be => {
                grow(&mut self.out32, src.len());
                let result = utfast::latin1_to_utf32(src, &mut self.out32);
                push_u32s(out, &self.out32[..written(&result)], self.to.order());
                result
            }
            Encoding::Latin1 => {
                out.extend_from_slice(src);
                Ok(src.len())
            }
        };
        match result {
            Ok(_) => Ok(src.len()),
            Err(error) => Err(Problem {
                at: error.read(),
                what: What::OutputTooSmall,
            }),
        }
    }
}

/// The problem of a block given to the direct path for an encoding only the
/// general path converts: a bug, reported as such.
fn not_direct() -> Problem {
    Problem {
        at: 0,
        what: What::OutputTooSmall,
    }
}

/// After the `whole` units of `src` (of `unit` bytes each) converted: all of
/// `src` when it ends there, the whole units when more input follows, or else an
/// error for the incomplete unit at the end.
fn incomplete_unit(src: &[u8], whole: usize, unit: usize, at_end: bool) -> Result<usize, Problem> {
    if whole == src.len() || !at_end {
        return Ok(whole);
    }
    Err(Problem {
        at: whole,
        what: What::IncompleteUnit {
            unit,
            len: src.len() - whole,
        },
    })
}

/// Where and why the input could not be converted.
#[derive(Debug, PartialEq, Eq)]
struct Failure {
    /// Bytes of input before the problem, the byte order mark included.
    offset: u64,
    what: What,
    /// The offending input bytes.
    bytes: Vec<u8>,
    /// The line and column of UTF-8 input (not counting a byte order mark).
    position: Option<Position>,
    /// The length of the input's byte order mark.
    bom_len: usize,
}

/// Why the conversion stopped early, other than invalid input.
#[derive(Debug)]
enum StreamError {
    Read(io::Error),
    Write(io::Error),
}

/// Converts everything `reader` yields, a block of `block` bytes at a time (at
/// least 4), into `out`; stops at the first problem. Counts lines and columns of
/// UTF-8 input when `count_position` is set.
fn stream(
    mut reader: &mut dyn Read,
    converter: &mut Converter,
    out: &mut dyn Write,
    block: usize,
    count_position: bool,
) -> Result<Result<u64, Failure>, StreamError> {
    let block = block.max(MAX_CARRY + 1);
    let mut buffer = vec![0; block + MAX_SEQUENCE];
    // Input before `buffer[0]`.
    let mut done: u64 = 0;
    // Bytes at the start of `buffer` carried over from the previous block.
    let mut carried = 0;
    let mut position = Position::START;
    let mut bom_len = None;
    loop {
        let read =
            validate::fill(&mut reader, &mut buffer[carried..block]).map_err(StreamError::Read)?;
        let filled = carried + read;
        let at_end = filled < block;
        let start = match bom_len {
            Some(_) => 0,
            None => match detect_bom(converter.from, &buffer[..filled]) {
                Ok(len) => *bom_len.insert(len),
                Err(other) => {
                    return Ok(Err(Failure {
                        offset: 0,
                        what: What::ForeignBom(other),
                        bytes: other.bom().to_vec(),
                        position: None,
                        bom_len: 0,
                    }))
                }
            },
        };
        let text = &buffer[start..filled];
        let result = converter.convert_block(text, at_end);
        out.write_all(&converter.out).map_err(StreamError::Write)?;
        let problem = match result {
            Ok(consumed) if consumed == text.len() && at_end => {
                return Ok(Ok(done + filled as u64));
            }
            Ok(consumed) if !at_end && text.len() - consumed <= MAX_CARRY => {
                if count_position {
                    position.advance(&text[..consumed]);
                }
                done += (start + consumed) as u64;
                buffer.copy_within(start + consumed..filled, 0);
                carried = filled - start - consumed;
                continue;
            }
            // Never happens: more left than an incomplete character.
            Ok(consumed) => Problem {
                at: consumed,
                what: What::OutputTooSmall,
            },
            Err(problem) => problem,
        };
        if count_position {
            position.advance(&text[..problem.at.min(text.len())]);
        }
        let at = start + problem.at;
        let mut filled = filled;
        if let What::Utf8 { .. } = problem.what {
            // Read the rest of the offending sequence, when the block cuts it.
            if !at_end && filled < at + MAX_SEQUENCE {
                filled += validate::fill(&mut reader, &mut buffer[filled..at + MAX_SEQUENCE])
                    .unwrap_or(0);
            }
        }
        let rest = &buffer[at.min(filled)..filled];
        let bytes = match problem.what {
            What::Utf8 { error_len, .. } => validate::offending_sequence(rest, error_len),
            what => rest[..what.len().min(rest.len())].to_vec(),
        };
        return Ok(Err(Failure {
            offset: done + at as u64,
            what: problem.what,
            bytes,
            position: count_position.then_some(position),
            bom_len: bom_len.unwrap_or(0),
        }));
    }
}

/// Converts the input into `out`; finds the line and column of a problem in UTF-8
/// input (by reading a regular file again, or counting as it goes otherwise).
fn convert(
    reader: Reader,
    converter: &mut Converter,
    out: &mut dyn Write,
) -> Result<Result<u64, Failure>, StreamError> {
    let utf8 = converter.from == Encoding::Utf8;
    match reader {
        Reader::Once(mut reader) => stream(&mut reader, converter, out, BLOCK, utf8),
        Reader::Rewindable(mut file) => {
            // Not 0 for standard input that something else has read from.
            let start = file.stream_position().map_err(StreamError::Read)?;
            let mut result = stream(&mut file, converter, out, BLOCK, false)?;
            if let Err(failure) = &mut result {
                if utf8 && !matches!(failure.what, What::ForeignBom(_)) {
                    let bom_len = failure.bom_len as u64;
                    file.seek(SeekFrom::Start(start + bom_len))
                        .map_err(StreamError::Read)?;
                    let mut buffer = vec![0; validate::CHUNK];
                    let text_len = failure.offset.saturating_sub(bom_len);
                    failure.position = Some(
                        validate::locate(&mut file, text_len, &mut buffer)
                            .map_err(StreamError::Read)?,
                    );
                }
            }
            Ok(result)
        }
    }
}

/// Opens the output file `target`: a [`TempOutput`] beside it, or `target`
/// itself (`None`) when it exists and is not a regular file (`/dev/null`, a
/// named pipe), which renaming would replace. The error is a message.
fn open_output(target: &Path) -> Result<(Option<TempOutput>, File), String> {
    let shown = target.display();
    match fs::metadata(target) {
        Ok(metadata) if metadata.is_dir() => Err(format!(
            "cannot write '{shown}': it is a directory (give -o a file name)"
        )),
        Ok(metadata) if !metadata.is_file() => OpenOptions::new()
            .write(true)
            .open(target)
            .map(|file| (None, file))
            .map_err(|error| format!("cannot write '{shown}': {error}")),
        existing => {
            TempOutput::create(target, existing.ok()).map(|(temp, file)| (Some(temp), file))
        }
    }
}

/// The output file while it is being written: a temporary file in the same
/// directory, removed on drop unless [`commit`](TempOutput::commit) renamed it
/// over the target.
pub(crate) struct TempOutput {
    /// As given, for messages.
    target: PathBuf,
    /// What the temporary file replaces: `target`, or the file it links to.
    destination: PathBuf,
    path: PathBuf,
    /// Whether `target` existed before.
    existed: bool,
    committed: bool,
}

impl TempOutput {
    /// Creates `.NAME.utfast-tmp-PID` beside `target` (beside the file it links
    /// to, if it is a symbolic link), with the permissions of the `existing` file.
    /// The error is a message.
    pub(crate) fn create(
        target: &Path,
        existing: Option<fs::Metadata>,
    ) -> Result<(TempOutput, File), String> {
        let shown = target.display();
        let destination = match fs::symlink_metadata(target) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                fs::canonicalize(target).unwrap_or_else(|_| target.to_path_buf())
            }
            _ => target.to_path_buf(),
        };
        let Some(name) = destination.file_name() else {
            return Err(format!(
                "cannot write '{shown}': not a file name (give -o a file name)"
            ));
        };
        let dir = match destination.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let mut attempt = 0;
        loop {
            let mut temp_name = OsString::from(".");
            temp_name.push(name);
            temp_name.push(format!(".utfast-tmp-{}", std::process::id()));
            if attempt > 0 {
                temp_name.push(format!("-{attempt}"));
            }
            let path = dir.join(temp_name);
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(file) => {
                    if let Some(metadata) = &existing {
                        let _ = fs::set_permissions(&path, metadata.permissions());
                    }
                    let temp = TempOutput {
                        target: target.to_path_buf(),
                        destination: destination.clone(),
                        path,
                        existed: existing.is_some(),
                        committed: false,
                    };
                    return Ok((temp, file));
                }
                Err(error) if error.kind() == io::ErrorKind::AlreadyExists && attempt < 100 => {
                    attempt += 1;
                }
                Err(error) => {
                    return Err(format!(
                        "cannot write '{shown}': cannot create the temporary file '{}' in its directory: {error}",
                        path.display()
                    ))
                }
            }
        }
    }

    /// Flushes `writer` (of the temporary file) to disk and renames the file over
    /// the target. The error is a message.
    pub(crate) fn commit(&mut self, writer: BufWriter<File>) -> Result<(), String> {
        let shown = self.target.display().to_string();
        let file = writer
            .into_inner()
            .map_err(|error| format!("cannot write '{shown}': {}", error.error()))?;
        file.sync_all()
            .map_err(|error| format!("cannot write '{shown}': {error}"))?;
        drop(file);
        fs::rename(&self.path, &self.destination).map_err(|error| {
            format!(
                "cannot write '{shown}': cannot rename the temporary file '{}' to it: {error}",
                self.path.display()
            )
        })?;
        self.committed = true;
        Ok(())
    }

    /// What became of the target after a failure.
    pub(crate) fn untouched(&self) -> String {
        let shown = self.target.display();
        if self.existed {
            format!("'{shown}' is left unchanged")
        } else {
            format!("'{shown}' was not created")
        }
    }
}

impl Drop for TempOutput {
    fn drop(&mut self) {
        if !self.committed {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// Converts the input to the output; an error is a failure to write to standard
/// output (other errors are reported here).
pub fn run(options: &ConvertOptions, stdout: &mut impl Write) -> io::Result<Status> {
    let name = options.input.name();
    let reader = match validate::open(&options.input) {
        Ok(reader) => reader,
        Err(error) => {
            warn(format_args!("cannot read '{name}': {error}"));
            return Ok(Status::Error);
        }
    };
    let mut converter = Converter::new(options.from, options.to, options.errors);
    let bom = if options.bom { options.to.bom() } else { b"" };
    let Some(path) = &options.output else {
        let mut out = BufWriter::with_capacity(OUT_BUFFER, stdout);
        out.write_all(bom)?;
        let result = convert(reader, &mut converter, &mut out);
        out.flush()?;
        return match result {
            Ok(Ok(_)) => Ok(Status::Success),
            Ok(Err(failure)) => {
                let status = failure.status();
                if !options.quiet || status == Status::Error {
                    warn(format_args!("{}", describe(options, &name, &failure)));
                    if failure.offset > failure.bom_len as u64 {
                        warn(format_args!(
                            "standard output has only the conversion of the input before byte {}",
                            failure.offset
                        ));
                    }
                }
                Ok(status)
            }
            Err(StreamError::Write(error)) => Err(error),
            Err(StreamError::Read(error)) => {
                warn(format_args!("cannot read '{name}': {error}"));
                Ok(Status::Error)
            }
        };
    };
    let (mut temp, file) = match open_output(path) {
        Ok(created) => created,
        Err(message) => {
            warn(format_args!("{message}"));
            return Ok(Status::Error);
        }
    };
    // Declared after `temp`, so dropped (closed) before it removes the file.
    let mut writer = BufWriter::with_capacity(OUT_BUFFER, file);
    let result = match writer.write_all(bom) {
        Ok(()) => convert(reader, &mut converter, &mut writer),
        Err(error) => Err(StreamError::Write(error)),
    };
    let (status, message) = match result {
        Ok(Ok(_)) => {
            let finished = match temp.as_mut() {
                Some(temp) => temp.commit(writer),
                None => writer
                    .flush()
                    .map_err(|error| format!("cannot write '{}': {error}", path.display())),
            };
            match finished {
                Ok(()) => return Ok(Status::Success),
                Err(message) => (Status::Error, message),
            }
        }
        Ok(Err(failure)) => (failure.status(), describe(options, &name, &failure)),
        Err(StreamError::Read(error)) => (Status::Error, format!("cannot read '{name}': {error}")),
        Err(StreamError::Write(error)) => (
            Status::Error,
            format!("cannot write '{}': {error}", path.display()),
        ),
    };
    if !options.quiet || status == Status::Error {
        warn(format_args!("{message}"));
        if let Some(temp) = &temp {
            warn(format_args!("{}", temp.untouched()));
        }
    }
    Ok(status)
}

impl Failure {
    /// Invalid input; or a bug.
    fn status(&self) -> Status {
        match self.what {
            What::OutputTooSmall => Status::Error,
            _ => Status::Invalid,
        }
    }
}

/// The message for a failure, without the `utfast: ` prefix.
fn describe(options: &ConvertOptions, name: &str, failure: &Failure) -> String {
    let place: Cow<'_, str> = match failure.position {
        Some(Position { line, column }) => format!("{name}:{line}:{column}").into(),
        None => name.into(),
    };
    let offset = failure.offset;
    let bytes = validate::hex(&failure.bytes);
    let from = options.from;
    match failure.what {
        What::Utf8 { kind, .. } => {
            format!("{place}: invalid UTF-8 at byte {offset}: {kind} (bytes: {bytes})")
        }
        What::Unit { kind, .. } => format!(
            "{place}: invalid {} at byte {offset}: {kind} (bytes: {bytes})",
            from.label()
        ),
        What::IncompleteUnit { unit, len } => format!(
            "{place}: invalid {} at byte {offset}: input ends {len} byte{} into a {unit}-byte code unit (bytes: {bytes})",
            from.label(),
            if len == 1 { "" } else { "s" }
        ),
        What::NotLatin1 { ch, .. } => {
            let shown = if ch.is_control() {
                String::new()
            } else {
                format!(" '{ch}'")
            };
            format!(
                "{place}: character U+{:04X}{shown} at byte {offset} cannot be written in Latin-1 (bytes: {bytes}); convert to a UTF encoding, or replace the character",
                u32::from(ch)
            )
        }
        What::NotRepresentable { cp, .. } => format!(
            "{place}: code point U+{cp:04X} at byte {offset} cannot be written in {} (bytes: {bytes}); \
             choose another --errors mode or target encoding",
            options.to.label()
        ),
        What::ForeignBom(other) => format!(
            "{place}: the input starts with a {} byte order mark (bytes: {bytes}), but '--from {}' was given; if the input is {}, use '--from {}'",
            other.label(),
            from.name(),
            other.label(),
            other.name()
        ),
        What::OutputTooSmall => format!(
            "{place}: internal error at byte {offset}: output buffer too small; please report this bug"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Encoding::*;

    use crate::test_support::Trickle;

    /// `text` encoded by std.
    fn encode(text: &str, encoding: Encoding) -> Vec<u8> {
        match encoding {
            Utf8 => text.as_bytes().to_vec(),
            Utf16Le => text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
            Utf16Be => text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
            Utf32Le => text
                .chars()
                .flat_map(|c| u32::from(c).to_le_bytes())
                .collect(),
            Utf32Be => text
                .chars()
                .flat_map(|c| u32::from(c).to_be_bytes())
                .collect(),
            Latin1 => text.chars().map(|c| u8::try_from(c).unwrap()).collect(),
            Cesu8 => cesu8::to_cesu8(text).into_owned(),
            Mutf8 => cesu8::to_java_cesu8(text).into_owned(),
            Wtf8 => text.as_bytes().to_vec(),
        }
    }

    fn convert_bytes(
        from: Encoding,
        to: Encoding,
        input: &[u8],
        block: usize,
        step: usize,
    ) -> (Vec<u8>, Result<u64, Failure>) {
        convert_with(from, to, ErrorMode::Strict, input, block, step)
    }

    fn convert_with(
        from: Encoding,
        to: Encoding,
        mode: ErrorMode,
        input: &[u8],
        block: usize,
        step: usize,
    ) -> (Vec<u8>, Result<u64, Failure>) {
        let mut converter = Converter::new(from, to, mode);
        let mut out = Vec::new();
        let mut reader = Trickle { data: input, step };
        let result = stream(&mut reader, &mut converter, &mut out, block, from == Utf8).unwrap();
        (out, result)
    }

    const MIXED: &str = "ASCII, é, €, 😀 and \u{10FFFF}\n\u{FFFD}\u{7F}\u{80}\u{7FF}\u{800}";
    const LATIN: &str = "naïve café, ÿ\u{80}\u{FF}\n\0end";

    #[test]
    fn every_pair_converts_as_std_encodes_whatever_the_block_size() {
        for from in Encoding::ALL {
            for to in Encoding::ALL {
                let latin = from == Latin1 || to == Latin1;
                for text in [if latin { LATIN } else { MIXED }, ""] {
                    let input = encode(text, from);
                    let expected = encode(text, to);
                    for (block, step) in
                        [(4, 1), (5, 3), (6, 7), (7, 2), (9, 4), (13, 13), (BLOCK, 5)]
                    {
                        let (out, result) = convert_bytes(from, to, &input, block, step);
                        assert_eq!(result, Ok(input.len() as u64), "{from:?} {to:?} {block}");
                        assert_eq!(out, expected, "{from:?} -> {to:?}, block {block}");
                        // And with a byte order mark, which is dropped.
                        let marked = [from.bom(), &input].concat();
                        let (out, _) = convert_bytes(from, to, &marked, block, step);
                        assert_eq!(out, expected, "{from:?} -> {to:?} with BOM, block {block}");
                    }
                }
            }
        }
    }

    const BLOCKS: [(usize, usize); 6] = [(4, 1), (6, 7), (7, 2), (9, 4), (13, 13), (BLOCK, 5)];

    /// The general path (any mode but strict) gives the direct path's output on
    /// valid text, for every pair and block size.
    #[test]
    fn every_mode_converts_valid_text_as_strict() {
        for &mode in &ErrorMode::ALL[1..] {
            for from in Encoding::ALL {
                for to in Encoding::ALL {
                    let text = if from == Latin1 || to == Latin1 {
                        LATIN
                    } else {
                        MIXED
                    };
                    let input = encode(text, from);
                    for (block, step) in BLOCKS {
                        let (out, result) = convert_with(from, to, mode, &input, block, step);
                        assert_eq!(result, Ok(input.len() as u64), "{mode} {from:?} {to:?}");
                        assert_eq!(out, encode(text, to), "{mode} {from:?} -> {to:?}, {block}");
                    }
                }
            }
        }
    }

    const MESSY: &[u8] =
        b"ok \xE2\x82 x\xF0\x9F\x98\xFF\x80\xC3\xA9\xED\xA0\x80 \x93q\x94 \xC0\xAF\xE4\xBD";

    /// `--errors` on invalid UTF-8 gives the library's answer at every block size,
    /// and surrogate escape round-trips through UTF-16.
    #[test]
    fn modes_decode_invalid_utf8_as_the_library_does() {
        for (block, step) in BLOCKS {
            for to in [Utf8, Utf16Le, Utf32Be, Cesu8, Wtf8] {
                for mode in [
                    ErrorMode::Replace,
                    ErrorMode::Latin1,
                    ErrorMode::Windows1252,
                ] {
                    let text = utfast::utf8_to_string_with(MESSY, mode).unwrap();
                    let (out, result) = convert_with(Utf8, to, mode, MESSY, block, step);
                    assert_eq!(result, Ok(MESSY.len() as u64));
                    assert_eq!(out, encode(&text, to), "{mode} -> {to:?}, block {block}");
                }
            }
            let escape = ErrorMode::SurrogateEscape;
            let (utf16, result) = convert_with(Utf8, Utf16Le, escape, MESSY, block, step);
            assert_eq!(result, Ok(MESSY.len() as u64));
            let units = utfast::utf8_to_utf16_vec_with(MESSY, escape).unwrap();
            let expected: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
            assert_eq!(utf16, expected, "block {block}");
            // Escapes are the bytes again in UTF-8 and in CESU-8 (no pairs here).
            for to in [Utf8, Cesu8] {
                let (back, result) = convert_with(Utf16Le, to, escape, &utf16, block, step);
                assert_eq!(result, Ok(utf16.len() as u64), "{to:?}");
                assert_eq!(back, MESSY, "{to:?}, block {block}");
            }
            // UTF-8 to UTF-8 with escapes is the identity.
            let (same, _) = convert_with(Utf8, Utf8, escape, MESSY, block, step);
            assert_eq!(same, MESSY);
            // Strict stops at the first error, as the direct path does.
            let (_, result) = convert_with(Utf8, Wtf8, ErrorMode::Strict, MESSY, block, step);
            assert_eq!(result.unwrap_err().offset, 3);
        }
    }

    /// The variants: CESU-8 pairs, Modified UTF-8's C0 80, WTF-8's lone surrogates
    /// (kept from UTF-16 with surrogate escape), and what each rejects.
    #[test]
    fn variants_convert_and_reject() {
        for (block, step) in BLOCKS {
            let cesu = b"a\xED\xA1\x8C\xED\xBE\xB4b";
            let (out, result) = convert_with(Cesu8, Utf8, ErrorMode::Strict, cesu, block, step);
            assert_eq!((out.as_slice(), result), ("a\u{233B4}b".as_bytes(), Ok(8)));
            let (out, _) =
                convert_with(Mutf8, Utf16Be, ErrorMode::Strict, b"\xC0\x80", block, step);
            assert_eq!(out, b"\0\0");
            let (_, result) = convert_with(
                Cesu8,
                Utf8,
                ErrorMode::Strict,
                "x😀".as_bytes(),
                block,
                step,
            );
            let failure = result.unwrap_err();
            assert_eq!(
                (failure.offset, failure.bytes.as_slice()),
                (1, &b"\xF0"[..])
            );
            let (out, _) = convert_with(
                Cesu8,
                Utf8,
                ErrorMode::Replace,
                "x😀".as_bytes(),
                block,
                step,
            );
            assert_eq!(out, "x\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}".as_bytes());

            let lone: Vec<u8> = [0x61u16, 0xD800, 0x62]
                .iter()
                .flat_map(|u| u.to_le_bytes())
                .collect();
            let escape = ErrorMode::SurrogateEscape;
            let (wtf8, result) = convert_with(Utf16Le, Wtf8, escape, &lone, block, step);
            assert_eq!((wtf8.as_slice(), result), (&b"a\xED\xA0\x80b"[..], Ok(6)));
            let (back, _) = convert_with(Wtf8, Utf16Le, ErrorMode::Strict, &wtf8, block, step);
            assert_eq!(back, lone);
            // Not UTF-8, even with escapes: D800 escapes no byte.
            let (out, result) = convert_with(Wtf8, Utf8, escape, &wtf8, block, step);
            let failure = result.unwrap_err();
            assert_eq!((out.as_slice(), failure.offset), (&b"a"[..], 1));
            assert_eq!(failure.what, What::NotRepresentable { cp: 0xD800, len: 3 });
            let (out, _) = convert_with(Wtf8, Utf8, ErrorMode::Replace, &wtf8, block, step);
            assert_eq!(out, "a\u{FFFD}b".as_bytes());
        }
    }

    /// What the review found: kept surrogates never merge into a pair, a WTF-8
    /// pair split by a block edge is still refused, dense errors stay linear,
    /// unpaired surrogates follow the mode in every target, Modified UTF-8's 00
    /// survives surrogate escape, and the length of a bad unit is its own.
    #[test]
    fn unpaired_surrogates_follow_the_mode_at_every_block_size() {
        let escape = ErrorMode::SurrogateEscape;
        let utf32: Vec<u8> = [0xD800u32, 0xDC00]
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        for (block, step) in BLOCKS {
            // WTF-8 D800, then a bad byte escaped as DCFF: no U+103FF.
            let input = b"\xED\xA0\x80\xFF";
            let (out, result) = convert_with(Wtf8, Utf8, escape, input, block, step);
            assert!(out.is_empty(), "block {block}");
            assert_eq!(
                result.unwrap_err().what,
                What::NotRepresentable { cp: 0xD800, len: 3 }
            );
            let (_, result) = convert_with(Wtf8, Utf16Le, escape, input, block, step);
            let failure = result.unwrap_err();
            assert_eq!(
                (failure.offset, failure.what),
                (0, What::NotRepresentable { cp: 0xD800, len: 3 })
            );
            // Two kept UTF-32 surrogates: no U+10000 either.
            let (_, result) = convert_with(Utf32Le, Utf16Le, escape, &utf32, block, step);
            assert_eq!(
                result.unwrap_err().what,
                What::NotRepresentable { cp: 0xD800, len: 4 }
            );
            let (out, _) = convert_with(Utf32Le, Utf32Le, escape, &utf32, block, step);
            assert_eq!(out, utf32);
            let (out, _) = convert_with(Utf32Le, Utf16Le, ErrorMode::Replace, &utf32, block, step);
            assert_eq!(out, [0xFD, 0xFF, 0xFD, 0xFF]);
            // A WTF-8 pair as 3 + 3 bytes, wherever the block edge falls.
            let mut pair = vec![b'a'; block.min(64) + 1];
            pair.extend_from_slice(b"\xED\xA0\x80\xED\xB0\x80");
            for cut in 0..=pair.len() - 6 {
                let input = &pair[cut..];
                let (_, result) =
                    convert_with(Wtf8, Utf16Le, ErrorMode::Strict, input, block, step);
                let failure = result.unwrap_err();
                assert_eq!(
                    failure.offset as usize,
                    input.len() - 3,
                    "cut {cut}, block {block}"
                );
            }
            // WTF-8 to UTF-32: kept when strict, U+FFFD when replacing.
            let (out, _) = convert_with(
                Wtf8,
                Utf32Le,
                ErrorMode::Strict,
                b"\xED\xA0\x80",
                block,
                step,
            );
            assert_eq!(out, [0x00, 0xD8, 0, 0]);
            let (out, _) = convert_with(
                Wtf8,
                Utf32Le,
                ErrorMode::Replace,
                b"\xED\xA0\x80",
                block,
                step,
            );
            assert_eq!(out, [0xFD, 0xFF, 0, 0]);
            // Modified UTF-8's forbidden 00 stands for itself under escape.
            let (out, result) = convert_with(Mutf8, Utf8, escape, b"a\0b", block, step);
            assert_eq!((out.as_slice(), result), (&b"a\0b"[..], Ok(3)));
            // UTF-16 to UTF-8 (the direct path): D800 escapes no byte; an odd
            // last byte is U+FFFD when replacing.
            let input = [0x41u8, 0, 0x00, 0xD8, 0x42, 0];
            let (out, result) = convert_with(Utf16Le, Utf8, escape, &input, block, step);
            let failure = result.unwrap_err();
            assert_eq!((out.as_slice(), failure.offset), (&b"A"[..], 2));
            assert_eq!(failure.what, What::NotRepresentable { cp: 0xD800, len: 2 });
            let (out, _) =
                convert_with(Utf16Le, Utf8, ErrorMode::Replace, &input[..5], block, step);
            assert_eq!(out, "A\u{FFFD}\u{FFFD}".as_bytes());
            // A bad unit of UTF-16 is two bytes in the report.
            let lone = [0x41u8, 0, 0x00, 0xD8];
            let (_, result) = convert_with(Utf16Le, Latin1, escape, &lone, block, step);
            let failure = result.unwrap_err();
            assert_eq!((failure.offset, failure.bytes), (2, vec![0x00, 0xD8]));
        }
        // Dense errors: one invalid piece per byte of a whole block, linear time.
        let dense = vec![0xFFu8; BLOCK];
        for from in [Cesu8, Mutf8, Wtf8, Utf8] {
            let (out, result) = convert_with(from, Utf8, ErrorMode::Replace, &dense, BLOCK, BLOCK);
            assert_eq!(result, Ok(BLOCK as u64));
            assert_eq!(out.len(), 3 * BLOCK, "{from:?}");
        }
        let units: Vec<u8> = [0xD800u16, 0x41]
            .repeat(BLOCK / 8)
            .iter()
            .flat_map(|u| u.to_le_bytes())
            .collect();
        let (out, _) = convert_with(Utf16Le, Cesu8, ErrorMode::Replace, &units, BLOCK, BLOCK);
        assert_eq!(out, "\u{FFFD}A".repeat(BLOCK / 8).as_bytes());
    }

    /// Bytes that make every kind of piece of every input encoding: ASCII, lead
    /// and continuation bytes, surrogates as three bytes, zero bytes (UTF-16/32).
    fn messy_input() -> impl proptest::strategy::Strategy<Value = Vec<u8>> {
        use proptest::prelude::*;
        let piece = prop_oneof![
            3 => proptest::collection::vec(0u8..0x80, 1..4),
            2 => any::<char>().prop_map(|c| c.to_string().into_bytes()),
            1 => Just(b"\xED\xA0\x80".to_vec()),
            1 => Just(b"\xED\xB0\x80".to_vec()),
            1 => Just(b"\xC0\x80".to_vec()),
            1 => Just(vec![0, 0xD8]),
            1 => Just(vec![0, 0xDC]),
            1 => (0x80u8..=0xFF).prop_map(|b| vec![b]),
            1 => Just(vec![0]),
        ];
        proptest::collection::vec(piece, 0..40).prop_map(|v| v.concat())
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

        /// Every pair in every mode gives the same output and the same failure
        /// whatever the block size: nothing depends on where blocks fall.
        #[test]
        fn block_size_never_changes_the_result(input in messy_input()) {
            for from in Encoding::ALL {
                for to in Encoding::ALL {
                    for &mode in ErrorMode::ALL {
                        let whole = convert_with(from, to, mode, &input, BLOCK, input.len().max(1));
                        for (block, step) in [(17, 3), (18, 1), (23, 5)] {
                            let cut = convert_with(from, to, mode, &input, block, step);
                            proptest::prop_assert_eq!(
                                &cut, &whole, "{:?} -> {:?} {} block {}", from, to, mode, block
                            );
                        }
                    }
                }
            }
        }
    }

    /// CESU-8, Modified UTF-8 and WTF-8 share UTF-8's mark for U+FEFF.
    #[test]
    fn variants_take_the_utf8_byte_order_mark() {
        for from in [Cesu8, Mutf8, Wtf8] {
            let (out, result) =
                convert_with(from, Utf16Le, ErrorMode::Strict, b"\xEF\xBB\xBFa", BLOCK, 7);
            assert_eq!((out.as_slice(), result), (&b"a\0"[..], Ok(4)), "{from:?}");
        }
    }

    /// The failure converting `input`, the same for every block size.
    fn failure(from: Encoding, to: Encoding, input: &[u8]) -> Failure {
        let (_, first) = convert_bytes(from, to, input, BLOCK, input.len().max(1));
        let first = first.expect_err("invalid input converted");
        for (block, step) in [(4, 1), (5, 2), (6, 6), (7, 3), (8, 5), (11, 4)] {
            let (_, result) = convert_bytes(from, to, input, block, step);
            assert_eq!(
                result.as_ref(),
                Err(&first),
                "{from:?} -> {to:?}, block {block}"
            );
        }
        first
    }

    fn check(failure: Failure, offset: u64, bytes: &[u8]) -> What {
        assert_eq!((failure.offset, &failure.bytes[..]), (offset, bytes));
        failure.what
    }

    #[test]
    fn reports_invalid_utf8_where_std_does() {
        let input = "x\nhé€😀"
            .bytes()
            .chain(*b"\xED\xA0\x80z")
            .collect::<Vec<u8>>();
        for to in Encoding::ALL.into_iter().filter(|&to| to != Latin1) {
            let failure = failure(Utf8, to, &input);
            assert_eq!(failure.position, Some(Position { line: 2, column: 5 }));
            let what = check(failure, 12, b"\xED\xA0\x80");
            assert!(matches!(
                what,
                What::Utf8 {
                    kind: Utf8ErrorKind::Surrogate,
                    error_len: Some(1)
                }
            ));
        }
        // Truncated at the very end, with and without a byte order mark.
        let what = check(
            failure(Utf8, Utf16Le, b"abc\xF0\x9F\x98"),
            3,
            b"\xF0\x9F\x98",
        );
        assert!(matches!(
            what,
            What::Utf8 {
                kind: Utf8ErrorKind::TruncatedAtEnd,
                error_len: None
            }
        ));
        let marked = failure(Utf8, Utf32Be, b"\xEF\xBB\xBFab\xFF");
        assert_eq!(
            (marked.position, marked.bom_len),
            (Some(Position { line: 1, column: 3 }), 3)
        );
        check(marked, 5, b"\xFF");
        // Not Latin-1: € after é.
        let what = check(failure(Utf8, Latin1, "aé€".as_bytes()), 3, "€".as_bytes());
        assert_eq!(what, What::NotLatin1 { ch: '€', len: 3 });
    }

    #[test]
    fn reports_invalid_utf16_and_utf32() {
        let units = |units: &[u16], order: Encoding| -> Vec<u8> {
            units
                .iter()
                .flat_map(|u| {
                    if order == Utf16Le {
                        u.to_le_bytes()
                    } else {
                        u.to_be_bytes()
                    }
                })
                .collect()
        };
        for to in Encoding::ALL {
            let what = check(
                failure(Utf16Le, to, &units(&[0x41, 0xE9, 0xD800, 0x42], Utf16Le)),
                4,
                b"\x00\xD8",
            );
            assert_eq!(
                what,
                What::Unit {
                    kind: "unpaired high surrogate",
                    len: 2
                },
                "{to:?}"
            );
            let what = check(
                failure(Utf16Be, to, &units(&[0x41, 0xDC00], Utf16Be)),
                2,
                b"\xDC\x00",
            );
            assert_eq!(
                what,
                What::Unit {
                    kind: "unpaired low surrogate",
                    len: 2
                }
            );
            // A high surrogate, then the end; then an odd byte.
            let input = units(&[0x41, 0xD83D], Utf16Le);
            check(failure(Utf16Le, to, &input), 2, b"\x3D\xD8");
            check(
                failure(Utf16Le, to, &[&input[..], b"\xDE"].concat()),
                2,
                b"\x3D\xD8\xDE",
            );
            let what = check(failure(Utf16Be, to, b"\x00A\x00B\x00"), 4, b"\x00");
            assert_eq!(what, What::IncompleteUnit { unit: 2, len: 1 });

            let what = check(
                failure(Utf32Le, to, b"A\0\0\0\x00\xD8\0\0"),
                4,
                b"\x00\xD8\0\0",
            );
            assert_eq!(
                what,
                What::Unit {
                    kind: "surrogate code point",
                    len: 4
                }
            );
            check(failure(Utf32Be, to, b"\0\0\0A\0\x11\0\0"), 4, b"\0\x11\0\0");
            let what = check(failure(Utf32Be, to, b"\0\0\0A\0\0\0B\0\0"), 8, b"\0\0");
            assert_eq!(what, What::IncompleteUnit { unit: 4, len: 2 });
        }
        let what = check(
            failure(Utf16Le, Latin1, &units(&[0xE9, 0xD83D, 0xDE00], Utf16Le)),
            2,
            b"\x3D\xD8\x00\xDE",
        );
        assert_eq!(what, What::NotLatin1 { ch: '😀', len: 4 });
        let what = check(
            failure(Utf32Le, Latin1, b"\xE9\0\0\0\xAC\x20\0\0"),
            4,
            b"\xAC\x20\0\0",
        );
        assert_eq!(what, What::NotLatin1 { ch: '€', len: 4 });
    }

    #[test]
    fn byte_order_marks_of_other_encodings_are_errors() {
        assert_eq!(detect_bom(Utf8, b"\xEF\xBB\xBFx"), Ok(3));
        assert_eq!(detect_bom(Utf8, b"\xFF\xFEx\0"), Err(Utf16Le));
        assert_eq!(detect_bom(Utf16Le, b"\xFF\xFEx\0"), Ok(2));
        assert_eq!(detect_bom(Utf16Le, b"\xFF\xFE\0\0"), Err(Utf32Le));
        assert_eq!(detect_bom(Utf32Le, b"\xFF\xFE\0\0"), Ok(4));
        assert_eq!(detect_bom(Utf32Le, b"\xFF\xFEx\0"), Err(Utf16Le));
        assert_eq!(detect_bom(Utf16Be, b"\0\0\xFE\xFF"), Err(Utf32Be));
        assert_eq!(detect_bom(Latin1, b"\xEF\xBB\xBFx"), Err(Utf8));
        assert_eq!(detect_bom(Latin1, b"\xEFx"), Ok(0));
        assert_eq!(detect_bom(Utf8, b""), Ok(0));
        let failure = failure(Utf8, Utf16Le, b"\xFE\xFF\0a");
        assert_eq!(failure.what, What::ForeignBom(Utf16Be));
        assert_eq!((failure.offset, failure.bytes), (0, b"\xFE\xFF".to_vec()));
    }

    #[test]
    fn names_encodings() {
        for encoding in Encoding::ALL {
            assert_eq!(Encoding::from_name(encoding.name()), Some(encoding));
            assert_eq!(Encoding::from_name(encoding.label()), Some(encoding));
            let upper = encoding.name().to_ascii_uppercase().replace('-', "");
            assert_eq!(Encoding::from_name(&upper), Some(encoding));
        }
        assert_eq!(Encoding::from_name("ISO-8859-1"), Some(Latin1));
        assert_eq!(Encoding::from_name("utf-16"), None);
        assert_eq!(Encoding::from_name("utf--8"), None);
    }
}
