//! The block converter behind the [`Transcoder`](crate::stream::Transcoder): converts one
//! block of input and says how much of the block it took (all of it, or, when
//! more input follows, all but the end that more input could still change, at
//! most [`MAX_PENDING`] bytes) or where and why it stopped.
//!
//! Strict conversions between UTF-8, UTF-16, UTF-32 and Latin-1 (the direct
//! pairs) go straight through the engine's kernels here, into any byte slice with
//! room for the worst case ([`BlockConverter::direct_room`]): the caller's own
//! output when it is large enough, else a staging buffer. UTF-16 and UTF-32 are
//! read and written in place when the bytes are aligned for their units, through
//! a scratch buffer otherwise. Other modes and the other encodings take the
//! general path of [`super::general`], which appends to a `Vec`.

use alloc::vec::Vec;

use super::TranscodeErrorKind;
use crate::error::written;
use crate::transcode::short;
use crate::{
    utf16::Utf16ErrorKind, utf32::Utf32ErrorKind, ByteOrder, Encoding, Engine, ErrorMode,
    Utf8ErrorKind,
};

/// Code points decoded from the block, from index `value` on, taken from the
/// input bytes from `input` on; for an invalid piece, `width` is the input bytes
/// of each of its code points (0 for a stretch of valid text).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stretch {
    pub(super) input: usize,
    pub(super) value: usize,
    pub(super) width: usize,
}

/// A bound on the bytes at the end of a block that more input could still
/// change, carried over to the next block: an unpaired high surrogate that waits
/// for the code point after it (up to 4 bytes), then a sequence cut by the end (up
/// to 3), or a CESU-8 surrogate pair cut before its last byte (5); 12 at most.
pub(crate) const MAX_PENDING: usize = 16;

/// Where and why a block could not be converted: `len` bytes at byte `at` of the
/// block (`None`: the block, the last of the input, ends inside a character).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Problem {
    pub(crate) at: usize,
    pub(crate) len: Option<usize>,
    pub(crate) kind: TranscodeErrorKind,
}

impl Problem {
    pub(crate) const fn new(at: usize, len: Option<usize>, kind: TranscodeErrorKind) -> Problem {
        Problem { at, len, kind }
    }
}

/// Converts blocks of input from one encoding to another, reusing its buffers
/// from one block to the next.
pub(crate) struct BlockConverter {
    pub(super) engine: Engine,
    pub(crate) from: Encoding,
    pub(crate) to: Encoding,
    pub(super) mode: ErrorMode,
    /// Whether the pair and mode take the direct path.
    direct: bool,
    /// The most output bytes the direct path writes per input code unit.
    per_unit: usize,
    /// log2 of the input's code unit in bytes (a shift, not a division).
    unit_shift: u32,
    /// The whole-input conversion of the pair, if it has one.
    whole: Whole,
    /// The general path's code points, where they came from, and UTF-16 scratch.
    pub(super) values: Vec<u32>,
    pub(super) stretches: Vec<Stretch>,
    pub(super) units: Vec<u16>,
    /// UTF-16 or UTF-32 input units, with the input's bytes.
    pub(super) in16: Vec<u16>,
    pub(super) in32: Vec<u32>,
    /// UTF-16 or UTF-32 output units, before they become bytes.
    pub(super) out16: Vec<u16>,
    pub(super) out32: Vec<u32>,
}

/// Makes `buffer` at least `len` units long.
pub(super) fn grow<T: Copy + Default>(buffer: &mut Vec<T>, len: usize) {
    if buffer.len() < len {
        buffer.resize(len, T::default());
    }
}

/// Writes UTF-16 units as they are in memory (they are in the target order) to
/// the start of `dst`; returns the bytes written.
fn write_u16s(dst: &mut [u8], units: &[u16]) -> usize {
    for (bytes, unit) in dst.chunks_exact_mut(2).zip(units) {
        bytes.copy_from_slice(&unit.to_ne_bytes());
    }
    2 * units.len()
}

/// Writes UTF-32 values in byte order `order` to the start of `dst`; returns the
/// bytes written.
fn write_u32s(dst: &mut [u8], values: &[u32], order: ByteOrder) -> usize {
    let slots = dst.chunks_exact_mut(4).zip(values);
    match order {
        ByteOrder::Little => slots.for_each(|(bytes, v)| bytes.copy_from_slice(&v.to_le_bytes())),
        ByteOrder::Big => slots.for_each(|(bytes, v)| bytes.copy_from_slice(&v.to_be_bytes())),
    }
    4 * values.len()
}

/// Appends UTF-16 units as they are in memory (they are in the target order).
pub(super) fn push_u16s(out: &mut Vec<u8>, units: &[u16]) {
    let start = out.len();
    out.resize(start + 2 * units.len(), 0);
    write_u16s(&mut out[start..], units);
}

/// Appends UTF-32 values in byte order `order`.
pub(super) fn push_u32s(out: &mut Vec<u8>, values: &[u32], order: ByteOrder) {
    let start = out.len();
    out.resize(start + 4 * values.len(), 0);
    write_u32s(&mut out[start..], values, order);
}

/// Replaces `units` with the UTF-16 units of `bytes`, as they are in memory.
pub(super) fn read_u16s(units: &mut Vec<u16>, bytes: &[u8]) {
    units.clear();
    units.extend(
        bytes
            .chunks_exact(2)
            .map(|pair| u16::from_ne_bytes([pair[0], pair[1]])),
    );
}

/// Replaces `values` with the UTF-32 values of `bytes` in byte order `order`.
pub(super) fn read_u32s(values: &mut Vec<u32>, bytes: &[u8], order: ByteOrder) {
    values.clear();
    let words = bytes.chunks_exact(4).map(|b| [b[0], b[1], b[2], b[3]]);
    match order {
        ByteOrder::Little => values.extend(words.map(u32::from_le_bytes)),
        ByteOrder::Big => values.extend(words.map(u32::from_be_bytes)),
    }
}

/// Runs a conversion that writes bytes straight into `out`, with room for
/// `capacity` more, and keeps what it wrote.
pub(super) fn append<E: crate::error::ConversionError>(
    out: &mut Vec<u8>,
    capacity: usize,
    convert: impl FnOnce(&mut [u8]) -> Result<usize, E>,
) -> Result<usize, E> {
    let start = out.len();
    out.resize(start + capacity, 0);
    let result = convert(&mut out[start..]);
    out.truncate(start + written(&result));
    result
}

/// The problem of a conversion that ran out of room: never happens, as every
/// output is sized for the worst case.
const NO_ROOM: TranscodeErrorKind = TranscodeErrorKind::Utf8(Utf8ErrorKind::OutputTooSmall);

/// What a direct conversion did: the output bytes written, and the input bytes
/// taken or the problem that stopped it.
pub(crate) type Direct = (usize, Result<usize, Problem>);

/// The longest input the whole-input conversion is tried on first: beyond it, an
/// input cut inside a character (which that conversion refuses, and the general
/// direct path then converts again) would cost too much.
pub(crate) const WHOLE_MAX: usize = 1024;

/// The strict conversion of a whole input straight into a `dst` with room for
/// the worst case that the commonest pairs have ([`BlockConverter::whole`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Whole {
    /// The pair has none.
    None,
    /// UTF-8 to UTF-16 in this byte order.
    Utf8ToUtf16(ByteOrder),
    /// UTF-16 in this byte order to UTF-8.
    Utf16ToUtf8(ByteOrder),
    /// UTF-8 validated and copied.
    Utf8ToUtf8,
    /// Latin-1 to UTF-8.
    Latin1ToUtf8,
    /// UTF-8 to Latin-1.
    Utf8ToLatin1,
}

/// `bytes` as UTF-16 units in place, when aligned and whole units.
#[inline(always)]
pub(crate) fn aligned16(bytes: &[u8]) -> Option<&[u16]> {
    if (bytes.as_ptr() as usize | bytes.len()) & 1 != 0 {
        return None;
    }
    // SAFETY: the pointer is aligned for u16 and the units lie within `bytes`;
    // every bit pattern is a valid u16.
    Some(unsafe { core::slice::from_raw_parts(bytes.as_ptr().cast(), bytes.len() / 2) })
}

/// `bytes` as room for UTF-16 units in place, when aligned.
#[inline(always)]
fn aligned16_mut(bytes: &mut [u8]) -> Option<&mut [u16]> {
    if bytes.as_ptr() as usize & 1 != 0 {
        return None;
    }
    // SAFETY: as in `aligned16`, and any u16 written is bytes.
    Some(unsafe { core::slice::from_raw_parts_mut(bytes.as_mut_ptr().cast(), bytes.len() / 2) })
}

/// `bytes` as UTF-16 units in memory order: in place when aligned, else copied
/// into `scratch`.
fn units16<'a>(bytes: &'a [u8], scratch: &'a mut Vec<u16>) -> &'a [u16] {
    if let Some(units) = aligned16(bytes) {
        return units;
    }
    read_u16s(scratch, bytes);
    scratch
}

/// `bytes` as UTF-32 values in byte order `order`: in place when aligned and in
/// the machine's order, else converted into `scratch`.
fn values32<'a>(bytes: &'a [u8], order: ByteOrder, scratch: &'a mut Vec<u32>) -> &'a [u32] {
    // SAFETY: every bit pattern is a valid u32; `align_to` only reinterprets the
    // aligned middle of the slice.
    let (head, values, tail) = unsafe { bytes.align_to::<u32>() };
    if head.is_empty() && tail.is_empty() && order == ByteOrder::NATIVE {
        return values;
    }
    read_u32s(scratch, bytes, order);
    scratch
}

/// Runs `convert`, which writes up to `units` UTF-16 units, into `dst`: in place
/// when aligned, else through `scratch`. Returns its result and the bytes written.
fn into_units16<E: crate::error::ConversionError>(
    dst: &mut [u8],
    scratch: &mut Vec<u16>,
    units: usize,
    convert: impl FnOnce(&mut [u16]) -> Result<usize, E>,
) -> (usize, Result<usize, E>) {
    if let Some(aligned) = aligned16_mut(dst).filter(|a| a.len() >= units) {
        let result = convert(aligned);
        return (2 * written(&result), result);
    }
    grow(scratch, units);
    let result = convert(scratch);
    (write_u16s(dst, &scratch[..written(&result)]), result)
}

/// Runs `convert`, which writes up to `values` UTF-32 values in the machine's
/// order, into `dst` in byte order `order`: in place when aligned (swapped after
/// when `order` is not the machine's), else through `scratch`.
fn into_values32<E: crate::error::ConversionError>(
    dst: &mut [u8],
    scratch: &mut Vec<u32>,
    values: usize,
    order: ByteOrder,
    convert: impl FnOnce(&mut [u32]) -> Result<usize, E>,
) -> (usize, Result<usize, E>) {
    // SAFETY: every bit pattern is a valid u32, and any u32 written is bytes.
    let (head, aligned, _) = unsafe { dst.align_to_mut::<u32>() };
    if head.is_empty() && aligned.len() >= values {
        let result = convert(aligned);
        let n = written(&result);
        if order != ByteOrder::NATIVE {
            aligned[..n].iter_mut().for_each(|v| *v = v.swap_bytes());
        }
        return (4 * n, result);
    }
    grow(scratch, values);
    let result = convert(scratch);
    (write_u32s(dst, &scratch[..written(&result)], order), result)
}

/// Copies `src` into `dst`, swapping the bytes of each `unit`-byte unit when
/// `swap` is set.
fn copy_units(src: &[u8], dst: &mut [u8], unit: usize, swap: bool) -> usize {
    if swap {
        for (out, bytes) in dst.chunks_exact_mut(unit).zip(src.chunks_exact(unit)) {
            out.iter_mut()
                .zip(bytes.iter().rev())
                .for_each(|(o, b)| *o = *b);
        }
    } else {
        dst[..src.len()].copy_from_slice(src);
    }
    src.len()
}

impl BlockConverter {
    pub(crate) fn new(engine: Engine, from: Encoding, to: Encoding, mode: ErrorMode) -> Self {
        let direct = |e: Encoding| !e.is_variant() && e != Encoding::Windows1252;
        let per_unit = match to {
            Encoding::Utf8 => match from {
                Encoding::Utf16Le | Encoding::Utf16Be => 3,
                Encoding::Latin1 => 2,
                _ => 4,
            },
            Encoding::Utf16Le | Encoding::Utf16Be => match from {
                Encoding::Utf32Le | Encoding::Utf32Be => 4,
                _ => 2,
            },
            Encoding::Utf32Le | Encoding::Utf32Be => 4,
            _ => 1,
        };
        let whole = match (from, to) {
            _ if mode != ErrorMode::Strict => Whole::None,
            (Encoding::Utf8, Encoding::Utf16Le | Encoding::Utf16Be) => {
                Whole::Utf8ToUtf16(to.order())
            }
            (Encoding::Utf16Le | Encoding::Utf16Be, Encoding::Utf8) => {
                Whole::Utf16ToUtf8(from.order())
            }
            (Encoding::Utf8, Encoding::Utf8) => Whole::Utf8ToUtf8,
            (Encoding::Latin1, Encoding::Utf8) => Whole::Latin1ToUtf8,
            (Encoding::Utf8, Encoding::Latin1) => Whole::Utf8ToLatin1,
            _ => Whole::None,
        };
        BlockConverter {
            engine,
            direct: mode == ErrorMode::Strict && direct(from) && direct(to),
            per_unit,
            unit_shift: from.unit_len().trailing_zeros(),
            whole,
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
        }
    }

    /// True when this pair and mode take the direct path.
    #[inline]
    pub(crate) fn is_direct(&self) -> bool {
        self.direct
    }

    /// The most output bytes the direct path writes for `len` input bytes.
    #[inline]
    pub(crate) fn direct_room(&self, len: usize) -> usize {
        ((len >> self.unit_shift) + 1).saturating_mul(self.per_unit)
    }

    /// A strict conversion of all of `src` (at most [`WHOLE_MAX`] bytes, with
    /// nothing held back) straight into `dst`, for the commonest pairs:
    /// `Some(bytes written)` when all of `src` is valid and converted;
    /// `None` otherwise (an error, a character cut at the end, less room
    /// than the worst case of the pair, a buffer not aligned for its units,
    /// or no such conversion for the pair), when the general path converts it
    /// again and says why. Each arm tests its own worst case, with constants.
    /// Inlined into [`Transcoder::transcode`](super::Transcoder::transcode):
    /// one call into the kernel, as the free functions make.
    #[inline(always)]
    pub(crate) fn whole(&self, src: &[u8], dst: &mut [u8]) -> Option<usize> {
        let e = &self.engine;
        // The worst case of a pair, in output bytes for `src`: below it, the
        // general path (which converts as much as fits) takes the call.
        let room = |bytes: usize| (dst.len() >= bytes).then_some(());
        // The commonest pair first, on its own.
        if let Whole::Utf8ToUtf16(order) = self.whole {
            room(2 * src.len())?;
            let units = aligned16_mut(dst)?;
            // Short input (UTF-16BE; UTF-16LE where the `Transcoder`'s lane
            // declined): ASCII inline, other text by the character loop out
            // of line, no kernel call (16-byte pieces of Hebrew or Arabic
            // text 30% slower through the kernel, Zen 3). Longer input by
            // the kernel, under 64 bytes by its small entry. (The length
            // first: `units` has room for `src` already.)
            if src.len() <= short::UTF8_BYTES {
                if let Some(n) = short::ascii_to_utf16(src, units, order) {
                    return Some(2 * n);
                }
                return Some(2 * short::utf8_to_utf16_outlined(src, units, order)?);
            }
            return Some(2 * short::utf8_to_utf16_kernel(e, src, units, order).ok()?);
        }
        self.whole_other(src, dst)
    }

    /// [`Self::whole`] for the pairs other than UTF-8 to UTF-16, out of line:
    /// inlined, their `match` became a jump table that the commonest pair
    /// went through too.
    #[inline(never)]
    fn whole_other(&self, src: &[u8], dst: &mut [u8]) -> Option<usize> {
        let e = &self.engine;
        let room = |bytes: usize| (dst.len() >= bytes).then_some(());
        match self.whole {
            Whole::None | Whole::Utf8ToUtf16(_) => None,
            Whole::Utf16ToUtf8(order) => {
                room(3 * (src.len() / 2))?;
                e.utf16_to_utf8(aligned16(src)?, dst, order).ok()
            }
            Whole::Utf8ToUtf8 => {
                let out = dst.get_mut(..src.len())?;
                e.validate_utf8(src).then(|| {
                    out.copy_from_slice(src);
                    src.len()
                })
            }
            Whole::Latin1ToUtf8 => {
                room(2 * src.len())?;
                e.latin1_to_utf8(src, dst).ok()
            }
            Whole::Utf8ToLatin1 => {
                room(src.len())?;
                e.utf8_to_latin1(src, dst).ok()
            }
        }
    }

    /// True when the pair is UTF-8 to UTF-16LE (strict), whose short pieces
    /// the `Transcoder` converts in a lane of its own.
    #[inline(always)]
    pub(crate) fn is_utf8_to_utf16le(&self) -> bool {
        self.whole == Whole::Utf8ToUtf16(ByteOrder::Little)
    }

    /// True when the pair has a [`Self::whole`] conversion.
    #[inline(always)]
    pub(crate) fn has_whole(&self) -> bool {
        self.whole != Whole::None
    }

    /// The most input bytes the direct path converts into `room` output bytes.
    pub(crate) fn direct_input(&self, room: usize) -> usize {
        (room / self.per_unit).saturating_sub(1) * self.from.unit_len()
    }

    /// Converts the block `src`, appending to `out`. Returns the bytes of `src`
    /// converted: all of them, or, unless `at_end`, all but at most
    /// [`MAX_PENDING`] bytes at the end, to be given again with the next block.
    /// On a problem, `out` has the conversion of the text before it.
    pub(crate) fn convert(
        &mut self,
        src: &[u8],
        at_end: bool,
        out: &mut Vec<u8>,
    ) -> Result<usize, Problem> {
        if !self.is_direct() {
            if self.from == Encoding::Windows1252 && !src.iter().any(|&b| (0x80..0xA0).contains(&b))
            {
                // Without 80..9F, Windows-1252 is Latin-1.
                if let Some(result) = self.latin1_into(src, out) {
                    return result;
                }
            }
            return match self.direct_with_mode(src, at_end, out) {
                Some(result) => result,
                None => self.recode_block(src, at_end, out),
            };
        }
        let start = out.len();
        out.resize(start + self.direct_room(src.len()), 0);
        let (written, result) = self.direct(src, at_end, &mut out[start..]);
        out.truncate(start + written);
        result
    }

    /// Converts Latin-1 `src` on the direct path, appending to `out`; `None` for
    /// targets the direct path does not write.
    fn latin1_into(&mut self, src: &[u8], out: &mut Vec<u8>) -> Option<Result<usize, Problem>> {
        if self.to.is_variant() || self.to == Encoding::Windows1252 {
            return None;
        }
        let start = out.len();
        out.resize(start + 4 * src.len() + 4, 0);
        let (written, result) = self.latin1_block(src, &mut out[start..]);
        out.truncate(start + written);
        Some(result)
    }

    /// Converts the block `src` on the direct path (see [`Self::is_direct`]) into
    /// `dst`, which has room for [`Self::direct_room`] bytes: like
    /// [`Self::convert`], and also says how much it wrote.
    #[inline]
    pub(crate) fn direct(&mut self, src: &[u8], at_end: bool, dst: &mut [u8]) -> Direct {
        match self.from {
            Encoding::Utf8 => self.utf8_block(src, at_end, dst),
            Encoding::Utf16Le | Encoding::Utf16Be => self.utf16_block(src, at_end, dst),
            Encoding::Utf32Le | Encoding::Utf32Be => self.utf32_block(src, at_end, dst),
            _ => self.latin1_block(src, dst),
        }
    }

    fn utf8_block(&mut self, src: &[u8], at_end: bool, dst: &mut [u8]) -> Direct {
        let e = self.engine;
        let (written, result) = match self.to {
            Encoding::Utf8 => {
                let result = e.from_utf8(src).map(str::len);
                let valid = result.unwrap_or_else(|e| e.valid_up_to());
                dst[..valid].copy_from_slice(&src[..valid]);
                (valid, result)
            }
            Encoding::Utf16Le => into_units16(dst, &mut self.out16, src.len(), |d| {
                e.utf8_to_utf16(src, d, ByteOrder::Little)
            }),
            Encoding::Utf16Be => into_units16(dst, &mut self.out16, src.len(), |d| {
                e.utf8_to_utf16(src, d, ByteOrder::Big)
            }),
            Encoding::Utf32Le | Encoding::Utf32Be => {
                let order = self.to.order();
                into_values32(dst, &mut self.out32, src.len(), order, |d| {
                    e.utf8_to_utf32(src, d)
                })
            }
            _ => {
                let result = e.utf8_to_latin1(src, dst);
                (written(&result), result)
            }
        };
        let Err(error) = result else {
            return (written, Ok(src.len()));
        };
        let at = error.valid_up_to();
        let problem = match error.kind() {
            Utf8ErrorKind::TruncatedAtEnd if !at_end => return (written, Ok(at)),
            Utf8ErrorKind::NotLatin1 => {
                let len = error.error_len().unwrap_or(1);
                let cp = core::str::from_utf8(&src[at..(at + len).min(src.len())])
                    .ok()
                    .and_then(|s| s.chars().next())
                    .map_or(0xFFFD, u32::from);
                Problem::new(at, Some(len), TranscodeErrorKind::Unmappable(cp))
            }
            kind => Problem::new(at, error.error_len(), TranscodeErrorKind::Utf8(kind)),
        };
        (written, Err(problem))
    }

    fn utf16_block(&mut self, src: &[u8], at_end: bool, dst: &mut [u8]) -> Direct {
        let e = self.engine;
        let whole = src.len() / 2 * 2;
        let order = self.from.order();
        let units = units16(&src[..whole], &mut self.in16);
        let le = order == ByteOrder::Little;
        let (written, result) = match self.to {
            Encoding::Utf8 => {
                let result = if le {
                    e.utf16_to_utf8(units, dst, ByteOrder::Little)
                } else {
                    e.utf16_to_utf8(units, dst, ByteOrder::Big)
                };
                (written(&result), result)
            }
            Encoding::Utf16Le | Encoding::Utf16Be => {
                let result = if le {
                    e.check_utf16(units, ByteOrder::Little)
                } else {
                    e.check_utf16(units, ByteOrder::Big)
                };
                let valid = result.map_or_else(|e| e.valid_up_to(), |()| units.len());
                let swap = self.to.order() != order;
                let n = copy_units(&src[..2 * valid], dst, 2, swap);
                (n, result.map(|()| valid))
            }
            Encoding::Utf32Le | Encoding::Utf32Be => {
                let to = self.to.order();
                into_values32(dst, &mut self.out32, units.len(), to, |d| {
                    if le {
                        e.utf16_to_utf32(units, d, ByteOrder::Little)
                    } else {
                        e.utf16_to_utf32(units, d, ByteOrder::Big)
                    }
                })
            }
            _ => {
                let result = if le {
                    e.utf16_to_latin1(units, dst, ByteOrder::Little)
                } else {
                    e.utf16_to_latin1(units, dst, ByteOrder::Big)
                };
                (written(&result), result)
            }
        };
        let Err(error) = result else {
            return (written, incomplete_unit(src, whole, at_end));
        };
        let index = error.valid_up_to();
        let at = 2 * index;
        let problem = match error.kind() {
            Utf16ErrorKind::TruncatedAtEnd if !at_end => return (written, Ok(at)),
            Utf16ErrorKind::NotLatin1 => {
                let pair = units[index..].iter().take(2).map(|&u| order.read_u16(u));
                let ch = char::decode_utf16(pair)
                    .next()
                    .and_then(Result::ok)
                    .unwrap_or(char::REPLACEMENT_CHARACTER);
                let len = Some(2 * ch.len_utf16());
                Problem::new(at, len, TranscodeErrorKind::Unmappable(ch.into()))
            }
            Utf16ErrorKind::TruncatedAtEnd => Problem::new(
                at,
                None,
                TranscodeErrorKind::Utf16(Utf16ErrorKind::TruncatedAtEnd),
            ),
            Utf16ErrorKind::OutputTooSmall => Problem::new(at, None, NO_ROOM),
            kind => Problem::new(at, Some(2), TranscodeErrorKind::Utf16(kind)),
        };
        (written, Err(problem))
    }

    fn utf32_block(&mut self, src: &[u8], at_end: bool, dst: &mut [u8]) -> Direct {
        let e = self.engine;
        let whole = src.len() / 4 * 4;
        let values = values32(&src[..whole], self.from.order(), &mut self.in32);
        let (written, result) = match self.to {
            Encoding::Utf8 => {
                let result = e.utf32_to_utf8(values, dst);
                (written(&result), result)
            }
            Encoding::Utf16Le => into_units16(dst, &mut self.out16, 2 * values.len(), |d| {
                e.utf32_to_utf16(values, d, ByteOrder::Little)
            }),
            Encoding::Utf16Be => into_units16(dst, &mut self.out16, 2 * values.len(), |d| {
                e.utf32_to_utf16(values, d, ByteOrder::Big)
            }),
            Encoding::Utf32Le | Encoding::Utf32Be => {
                let result = e.check_utf32(values);
                let valid = result.map_or_else(|e| e.valid_up_to(), |()| values.len());
                let swap = self.to != self.from;
                let n = copy_units(&src[..4 * valid], dst, 4, swap);
                (n, result.map(|()| valid))
            }
            _ => {
                let result = e.utf32_to_latin1(values, dst);
                (written(&result), result)
            }
        };
        let Err(error) = result else {
            return (written, incomplete_unit(src, whole, at_end));
        };
        let index = error.valid_up_to();
        let at = 4 * index;
        let problem = match error.kind() {
            Utf32ErrorKind::OutputTooSmall => Problem::new(at, None, NO_ROOM),
            Utf32ErrorKind::NotLatin1 => {
                let cp = values.get(index).copied().unwrap_or(0xFFFD);
                Problem::new(at, Some(4), TranscodeErrorKind::Unmappable(cp))
            }
            kind => Problem::new(at, Some(4), TranscodeErrorKind::Utf32(kind)),
        };
        (written, Err(problem))
    }

    fn latin1_block(&mut self, src: &[u8], dst: &mut [u8]) -> Direct {
        let e = self.engine;
        let (written, result) = match self.to {
            Encoding::Utf8 => {
                let result = e.latin1_to_utf8(src, dst);
                (written(&result), result)
            }
            Encoding::Utf16Le => into_units16(dst, &mut self.out16, src.len(), |d| {
                e.latin1_to_utf16(src, d, ByteOrder::Little)
            }),
            Encoding::Utf16Be => into_units16(dst, &mut self.out16, src.len(), |d| {
                e.latin1_to_utf16(src, d, ByteOrder::Big)
            }),
            Encoding::Utf32Le | Encoding::Utf32Be => {
                let order = self.to.order();
                into_values32(dst, &mut self.out32, src.len(), order, |d| {
                    e.latin1_to_utf32(src, d)
                })
            }
            _ => {
                dst[..src.len()].copy_from_slice(src);
                (src.len(), Ok(src.len()))
            }
        };
        match result {
            Ok(_) => (written, Ok(src.len())),
            Err(error) => (written, Err(Problem::new(error.read(), None, NO_ROOM))),
        }
    }
}

/// After the `whole` bytes of whole units of `src` converted: all of `src` when
/// it ends there, the whole units when more input follows, or else the problem
/// of the incomplete unit at the end.
pub(super) fn incomplete_unit(src: &[u8], whole: usize, at_end: bool) -> Result<usize, Problem> {
    if whole == src.len() || !at_end {
        return Ok(whole);
    }
    Err(Problem::new(
        whole,
        None,
        TranscodeErrorKind::IncompleteUnit,
    ))
}
