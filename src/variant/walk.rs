//! The fast path every UTF-8 variant shares ([`walk`]): valid UTF-8 stretches
//! go to the engine's kernel through a [`Sink`], and only the sequence where the
//! kernel stops is read by the variant's scalar reader ([`Variant::read`]); the
//! sequence primitives those readers share (UTF-8 characters, encoded
//! surrogates, values of up to six bytes); the scans for forbidden bytes and
//! units; and the sinks that build `str`, UTF-16 and UTF-32 output.

use super::error::{VariantError, VariantErrorKind};
use crate::error::Utf8Error;
use crate::reference::utf8::{check_char, is_continuation};
#[cfg(feature = "alloc")]
use crate::ByteOrder;
use crate::Engine;

/// A UTF-8 variant as [`walk`] reads it: how scalar code reads the sequence where
/// the UTF-8 kernel stops, and which bytes of valid UTF-8 the variant forbids.
/// Each variant's module implements it on a unit type, so `walk` is compiled
/// once per variant with its reader inlined.
pub(crate) trait Variant {
    /// Forbidden bytes in valid UTF-8: `None` for none, `Some(nul)` for the
    /// 4-byte leads `F0`–`F4` (with `nul`, also `00`), as [`find_byte`] finds them.
    const FORBIDS: Option<bool>;

    /// Reads the sequence at the start of `s` (not empty) by the variant's rules.
    fn read(s: &[u8]) -> Step;

    /// True when a high and a low surrogate in the 3-byte form, one after the
    /// other, are one character (CESU-8, Modified UTF-8): [`walk`] then reads
    /// such a pair without [`Variant::read`].
    const PAIRS: bool = false;

    /// The first byte of valid UTF-8 `valid` that the variant forbids.
    #[inline]
    fn forbidden(engine: Engine, valid: &[u8]) -> Option<(usize, VariantErrorKind)> {
        find_byte(engine, valid, Self::FORBIDS?)
    }
}

/// A special sequence read by scalar code, or why it is invalid.
pub(crate) type Step = Result<Special, Bad>;

/// A valid special sequence: its width in bytes and the value it encodes (a code
/// point, a lone surrogate in WTF-8, or up to `0x7FFFFFFF` in RFC 2279).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Special {
    pub(crate) width: usize,
    pub(crate) value: u32,
}

/// An invalid sequence `offset` bytes after the position read: its maximal
/// subpart (`len`, 0 for "truncated at the end") and kind.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bad {
    pub(crate) offset: u8,
    pub(crate) len: u8,
    pub(crate) kind: VariantErrorKind,
}

impl Bad {
    pub(crate) const fn new(len: u8, kind: VariantErrorKind) -> Step {
        Err(Bad {
            offset: 0,
            len,
            kind,
        })
    }

    pub(crate) const TRUNCATED: Step = Bad::new(0, VariantErrorKind::TruncatedAtEnd);
}

/// Where [`walk`] sends what it reads.
pub(crate) trait Sink {
    /// Runs a UTF-8 kernel over `rest`: takes in (validates, converts) its longest
    /// valid UTF-8 prefix, and returns `Ok` or the error that ends that prefix
    /// (whose `valid_up_to()` is the prefix length).
    fn utf8(&mut self, engine: &Engine, rest: &[u8]) -> Result<(), Utf8Error>;
    /// Takes in the value of a special sequence.
    fn special(&mut self, value: u32);
    /// Takes in an ASCII byte (not 00) read by scalar code.
    #[inline]
    fn ascii(&mut self, b: u8) {
        self.special(u32::from(b));
    }

    /// Takes in the longest prefix of `s` made of ASCII bytes other than 00
    /// and valid surrogate pairs (for a variant with [`Variant::PAIRS`]),
    /// stopping where `calm` (ASCII bytes since the last pair, counted on)
    /// reaches [`NEIGHBOURHOOD`]; returns the bytes taken. The default takes
    /// none (the caller then reads one sequence at a time).
    #[inline]
    fn pairs_and_ascii(&mut self, engine: &Engine, s: &[u8], calm: &mut usize) -> usize {
        let _ = (engine, s, calm);
        0
    }
}

/// A sink that only validates.
pub(crate) struct Check;

impl Sink for Check {
    #[inline]
    fn utf8(&mut self, engine: &Engine, rest: &[u8]) -> Result<(), Utf8Error> {
        engine.ops().check_utf8(rest)
    }

    #[inline]
    fn special(&mut self, _value: u32) {}
}

/// Validates `src` in the variant `V`: the first error by its rules.
#[inline]
pub(crate) fn check<V: Variant>(engine: &Engine, src: &[u8]) -> Result<(), VariantError> {
    walk::<V>(engine, src, &mut Check)
}

/// Reads `src` in the variant `V`: valid UTF-8 stretches go to the engine's
/// kernel through `sink`, and only the sequence where the kernel stops is read by
/// scalar code. Returns the first error by the variant's rules.
pub(crate) fn walk<V: Variant>(
    engine: &Engine,
    src: &[u8],
    sink: &mut impl Sink,
) -> Result<(), VariantError> {
    let mut pos = 0;
    loop {
        let rest = src.get(pos..).unwrap_or_default();
        let stopped = sink.utf8(engine, rest);
        let valid = match stopped {
            Ok(()) => rest.len(),
            Err(e) => e.valid_up_to().min(rest.len()),
        };
        if let Some((at, kind)) = V::forbidden(*engine, &rest[..valid]) {
            return Err(VariantError::new(pos + at, 1, kind));
        }
        pos += valid;
        if stopped.is_ok() || pos >= src.len() {
            return Ok(());
        }
        // The special sequence, and its neighbourhood in scalar code: until
        // NEIGHBOURHOOD bytes pass without another special sequence, so that dense
        // ones (emoji in CESU-8) do not pay the kernel's start-up for each.
        let mut calm = 0;
        while calm < NEIGHBOURHOOD {
            let Some(next) = src.get(pos..).filter(|s| !s.is_empty()) else {
                return Ok(());
            };
            // The common sequences first, as `V::read` would read them: ASCII
            // other than 00 (ordinary in every variant), and a valid pair.
            if V::PAIRS {
                let taken = sink.pairs_and_ascii(engine, next, &mut calm);
                if taken > 0 {
                    pos += taken;
                    continue;
                }
            }
            if (1..0x80).contains(&next[0]) {
                sink.ascii(next[0]);
                (calm, pos) = (calm + 1, pos + 1);
                continue;
            }
            if V::PAIRS {
                if let Some(value) = pair_value(next) {
                    sink.special(value);
                    (calm, pos) = (0, pos + 6);
                    continue;
                }
            }
            match V::read(next) {
                // With the pairs and ASCII read above, an ordinary character of
                // two to four bytes goes back to the kernel, which copies a word
                // of Cyrillic or CJK at once rather than character by character.
                Ok(step) if V::PAIRS && step.width > 1 && is_plain(step) => break,
                Ok(step) => {
                    sink.special(step.value);
                    let width = step.width.max(1);
                    calm = if is_plain(step) { calm + width } else { 0 };
                    pos += width;
                }
                Err(bad) => {
                    return Err(VariantError::new(
                        pos + bad.offset as usize,
                        bad.len,
                        bad.kind,
                    ))
                }
            }
        }
    }
}

/// The character of a valid surrogate pair (`ED A0..AF x ED B0..BF x`, each
/// `x` a continuation byte) in the low six bytes of `word` (little-endian), or
/// `None`: one mask test.
#[inline(always)]
fn pair_in_word(word: u64) -> Option<u32> {
    // The pair's bytes from the lowest, and the bits of each that are fixed.
    const MASK: u64 = 0x0000_C0F0_FFC0_F0FF;
    const PAIR: u64 = 0x0000_80B0_ED80_A0ED;
    if word & MASK != PAIR {
        return None;
    }
    let b = word.to_le_bytes();
    let byte = |i: usize, bits: u8| u32::from(b[i] & bits);
    Some(
        0x1_0000 + (byte(1, 0x0F) << 16 | byte(2, 0x3F) << 10 | byte(4, 0x0F) << 6 | byte(5, 0x3F)),
    )
}

/// [`pair_in_word`] of the first bytes of `s` (up to eight; fewer than six
/// are never a pair).
#[inline(always)]
fn pair_value(s: &[u8]) -> Option<u32> {
    let mut eight = [0; 8];
    let n = s.len().min(8);
    eight[..n].copy_from_slice(&s[..n]);
    pair_in_word(u64::from_le_bytes(eight))
}

/// Bytes read in scalar code after a special sequence before the kernel takes
/// over again.
const NEIGHBOURHOOD: usize = 32;

/// True when `step` read an ordinary UTF-8 character: a scalar value in the
/// shortest form, not a special sequence of the variant.
#[inline]
fn is_plain(step: Special) -> bool {
    let utf8_width = match step.value {
        0..=0x7F => 1,
        0x80..=0x7FF => 2,
        0x800..=0xD7FF | 0xE000..=0xFFFF => 3,
        0x1_0000..=0x10_FFFF => 4,
        _ => return false,
    };
    step.width == utf8_width
}

/// Reads an ordinary UTF-8 character at the start of `s` (not empty), by the
/// scalar reference.
#[inline]
pub(crate) fn utf8_char(s: &[u8]) -> Step {
    match check_char(s) {
        Ok(width) => Ok(Special {
            width,
            value: decode(&s[..width]),
        }),
        Err((len, kind)) => Bad::new(len, VariantErrorKind::from_utf8(kind)),
    }
}

/// The value of a well-formed sequence of 1 to 6 bytes (lead byte, continuations).
pub(crate) fn decode(seq: &[u8]) -> u32 {
    let Some((&lead, rest)) = seq.split_first() else {
        return 0;
    };
    let lead_bits = if rest.is_empty() {
        lead
    } else {
        lead & (0x7F >> seq.len())
    };
    rest.iter()
        .fold(u32::from(lead_bits), |v, &b| v << 6 | u32::from(b & 0x3F))
}

/// Encodes `value` (any value up to `0x7FFFFFFF`, surrogates included) in the
/// generalized UTF-8 of RFC 2279: writes 1 to 6 bytes to `out` and returns the count.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))] // used by the encoders
pub(crate) fn encode(value: u32, out: &mut [u8; 6]) -> usize {
    let width = match value {
        0..=0x7F => {
            out[0] = value as u8;
            return 1;
        }
        0x80..=0x7FF => 2,
        0x800..=0xFFFF => 3,
        0x1_0000..=0x1F_FFFF => 4,
        0x20_0000..=0x3FF_FFFF => 5,
        _ => 6,
    };
    // The lead byte: `width` one bits, a zero, then the top bits of the value.
    let marker = !(0xFFu8 >> width);
    out[0] = marker | (value >> (6 * (width - 1))) as u8;
    for (k, byte) in out[1..width].iter_mut().enumerate() {
        *byte = 0x80 | (value >> (6 * (width - 2 - k))) as u8 & 0x3F;
    }
    width
}

/// The encoded surrogate (`ED A0..BF 80..BF`) at the start of `s`, if any.
#[inline]
pub(crate) fn surrogate_at(s: &[u8]) -> Option<u16> {
    match *s {
        [0xED, b1 @ 0xA0..=0xBF, b2, ..] if is_continuation(b2) => {
            Some(0xD000 | u16::from(b1 & 0x3F) << 6 | u16::from(b2 & 0x3F))
        }
        _ => None,
    }
}

/// True for a low (trailing) surrogate, DC00–DFFF.
pub(crate) const fn is_low(unit: u16) -> bool {
    unit & 0xFC00 == 0xDC00
}

/// The code point of a high and a low surrogate.
pub(crate) const fn combine(high: u16, low: u16) -> u32 {
    0x1_0000 + ((high as u32 & 0x3FF) << 10 | (low as u32 & 0x3FF))
}

/// The first byte of `s` at or above `F0` (a 4-byte lead, in valid UTF-8), or
/// with `nul` also a `00` byte, with the kind of error it is. Whole chunks are
/// skipped by the engine's `clean_chunks`.
#[inline]
pub(crate) fn find_byte(engine: Engine, s: &[u8], nul: bool) -> Option<(usize, VariantErrorKind)> {
    // With `nul`, subtracting 1 (wrapping) moves 00 to FF and F0..FF to EF..FE: one
    // comparison finds both.
    let shift = u8::from(nul);
    let start = engine.ops().clean_chunks(s, shift);
    let at = start
        + s[start..]
            .iter()
            .position(|&b| b.wrapping_sub(shift) >= 0xF0 - shift)?;
    let kind = if s[at] == 0 {
        VariantErrorKind::NulByte
    } else {
        VariantErrorKind::FourByteSequence
    };
    Some((at, kind))
}

/// The index of the first surrogate in `s`, or with `nul` also of a zero unit:
/// the kernel skips the clean 64-unit chunks, like [`find_byte`].
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn find_unit(engine: Engine, s: &[u16], nul: bool) -> Option<usize> {
    let hit = |u: u16| u & 0xF800 == 0xD800 || (nul && u == 0);
    let start = engine.ops().clean_unit_chunks(s, nul);
    Some(start + s[start..].iter().position(|&u| hit(u))?)
}

#[cfg(feature = "alloc")]
pub(crate) use owned::*;

#[cfg(feature = "alloc")]
mod owned {
    use super::*;
    use alloc::{borrow::Cow, string::String, vec, vec::Vec};

    /// Writes `units` at `*n` in `out`, growing it if needed, and advances `*n`.
    pub(crate) fn put<T: Copy + Default>(out: &mut Vec<T>, n: &mut usize, units: &[T]) {
        let end = *n + units.len();
        if out.len() < end {
            out.resize(end, T::default());
        }
        // One or two units: element by element, not a call to `memcpy`.
        for (slot, &unit) in out[*n..end].iter_mut().zip(units) {
            *slot = unit;
        }
        *n = end;
    }

    /// Collects code units: stretches through the engine's UTF-8 transcoder, special
    /// values by [`Sink::special`]. Every variant needs at most one unit per input
    /// byte, so a sink made for the input's length never runs out of room.
    pub(crate) struct Units<T> {
        out: Vec<T>,
        n: usize,
    }

    /// Collects UTF-16: special values as one unit (BMP values and lone
    /// surrogates) or a pair.
    pub(crate) type Utf16Sink = Units<u16>;
    /// Collects UTF-32 (or UCS-4): special values as they are.
    pub(crate) type Utf32Sink = Units<u32>;

    impl<T: Copy + Default> Units<T> {
        /// A sink for `len` input bytes.
        pub(crate) fn new(len: usize) -> Self {
            Units {
                out: vec![T::default(); len],
                n: 0,
            }
        }

        pub(crate) fn finish(mut self) -> Vec<T> {
            self.out.truncate(self.n);
            self.out
        }

        /// Runs `convert` on the room left and counts what it wrote.
        fn convert(
            &mut self,
            convert: impl FnOnce(&mut [T]) -> Result<usize, Utf8Error>,
        ) -> Result<(), Utf8Error> {
            let room = self.out.get_mut(self.n..).unwrap_or_default();
            let result = convert(room);
            self.n += result.unwrap_or_else(|e| e.written());
            result.map(|_| ())
        }
    }

    impl Sink for Utf16Sink {
        fn utf8(&mut self, engine: &Engine, rest: &[u8]) -> Result<(), Utf8Error> {
            self.convert(|room| engine.utf8_to_utf16(rest, room, ByteOrder::NATIVE))
        }

        #[inline]
        fn special(&mut self, value: u32) {
            if value >= 0x1_0000 {
                let v = value - 0x1_0000;
                let pair = [0xD800 | (v >> 10) as u16, 0xDC00 | (v & 0x3FF) as u16];
                put(&mut self.out, &mut self.n, &pair);
            } else {
                put(&mut self.out, &mut self.n, &[value as u16]);
            }
        }
    }

    impl Sink for Utf32Sink {
        fn utf8(&mut self, engine: &Engine, rest: &[u8]) -> Result<(), Utf8Error> {
            self.convert(|room| engine.utf8_to_utf32(rest, room))
        }

        #[inline]
        fn special(&mut self, value: u32) {
            put(&mut self.out, &mut self.n, &[value]);
        }
    }

    /// Collects a `str`, borrowing the input when it has no special sequence.
    ///
    /// Only for variants whose special values are Unicode scalar values (CESU-8,
    /// Modified UTF-8): the output is then valid UTF-8.
    pub(crate) struct StrSink<'a> {
        src: &'a [u8],
        /// The length of the first stretch, while there is no owned output.
        head: usize,
        out: Option<Vec<u8>>,
    }

    impl<'a> StrSink<'a> {
        pub(crate) fn new(src: &'a [u8]) -> Self {
            StrSink {
                src,
                head: 0,
                out: None,
            }
        }

        /// The text, after a [`walk`] of `src` that returned `Ok`.
        pub(crate) fn finish(self) -> Cow<'a, str> {
            match self.out {
                None => {
                    debug_assert!(core::str::from_utf8(self.src).is_ok());
                    // SAFETY: the walk succeeded without a special sequence, so its
                    // one kernel call accepted all of `src` as UTF-8.
                    Cow::Borrowed(unsafe { core::str::from_utf8_unchecked(self.src) })
                }
                Some(bytes) => {
                    debug_assert!(core::str::from_utf8(&bytes).is_ok());
                    // SAFETY: `bytes` joins stretches the kernel accepted as UTF-8
                    // and characters encoded by `char::encode_utf8`.
                    Cow::Owned(unsafe { String::from_utf8_unchecked(bytes) })
                }
            }
        }
    }

    /// The four UTF-8 bytes of a character above U+FFFF.
    #[inline(always)]
    fn four_bytes(c: u32) -> [u8; 4] {
        let cont = |shift: u32| 0x80 | (c >> shift) as u8 & 0x3F;
        [0xF0 | (c >> 18) as u8, cont(12), cont(6), cont(0)]
    }

    impl StrSink<'_> {
        /// The owned output, made (with the first stretch) on first use.
        #[inline]
        fn owned(&mut self) -> &mut Vec<u8> {
            let (src, head) = (self.src, self.head);
            self.out.get_or_insert_with(|| {
                let mut out = Vec::with_capacity(src.len());
                out.extend_from_slice(&src[..head]);
                out
            })
        }
    }

    impl Sink for StrSink<'_> {
        fn utf8(&mut self, engine: &Engine, rest: &[u8]) -> Result<(), Utf8Error> {
            let result = engine.ops().check_utf8(rest);
            let valid = result.map_or_else(|e| e.valid_up_to(), |()| rest.len());
            match &mut self.out {
                Some(out) => out.extend_from_slice(&rest[..valid]),
                None => self.head = valid,
            }
            result
        }

        #[inline(always)]
        fn ascii(&mut self, b: u8) {
            self.owned().push(b);
        }

        /// Eight bytes read a step (a pair found by one mask test), four
        /// written for a pair, no call and no capacity test a step. The fourth
        /// pair hands the rest to the kernel's block path (AVX-512: 64 bytes a
        /// step), which takes blocks of pairs and ASCII and leaves the rest
        /// here.
        #[inline]
        fn pairs_and_ascii(&mut self, engine: &Engine, s: &[u8], calm: &mut usize) -> usize {
            let out = self.owned();
            // The output of `s` is never longer than `s`; 64 more for the
            // block path's last store (and the last four-byte write).
            out.reserve(s.len() + 64);
            let spare = out.spare_capacity_mut();
            let room = spare.len();
            let dst = spare.as_mut_ptr().cast::<u8>();
            let (mut read, mut written, mut pairs) = (0, 0, 0);
            // Steps start below `end`: eight bytes of `s` from each.
            let end = s.len().saturating_sub(7);
            while read < end {
                // SAFETY: `read + 8 <= s.len()`.
                let word = unsafe { s.as_ptr().add(read).cast::<u64>().read_unaligned() };
                // SAFETY (writes): `written <= read < s.len() - 7`, and
                // `s.len() + 64` bytes are reserved: four bytes from `written`
                // are spare capacity.
                if let Some(c) = pair_in_word(u64::from_le(word)) {
                    unsafe {
                        dst.add(written)
                            .cast::<[u8; 4]>()
                            .write_unaligned(four_bytes(c))
                    };
                    (read, written, *calm) = (read + 6, written + 4, 0);
                    pairs += 1;
                    if pairs == 4 {
                        // SAFETY: `written <= read <= s.len()`, so `room -
                        // written` bytes from `written` are spare capacity.
                        let rest = unsafe {
                            core::slice::from_raw_parts_mut(
                                dst.add(written).cast::<core::mem::MaybeUninit<u8>>(),
                                room - written,
                            )
                        };
                        let (r, w) = engine.ops().cesu8_pairs_to_utf8(&s[read..], rest);
                        (read, written) = (read + r, written + w);
                        // The ASCII bytes since the last pair (pairs' bytes
                        // are all from 0x80).
                        *calm = s[..read]
                            .iter()
                            .rev()
                            .take(NEIGHBOURHOOD)
                            .take_while(|&&b| b < 0x80)
                            .count();
                    }
                } else if (1..0x80).contains(&s[read]) && *calm < NEIGHBOURHOOD {
                    unsafe { dst.add(written).write(s[read]) };
                    (read, written, *calm) = (read + 1, written + 1, *calm + 1);
                } else {
                    break;
                }
            }
            // SAFETY: the `written` bytes after the length were written above.
            unsafe { out.set_len(out.len() + written) };
            read
        }

        #[inline(always)]
        fn special(&mut self, value: u32) {
            let out = self.owned();
            // CESU-8 and Modified UTF-8 decode only pairs and C0 80: never a
            // surrogate (and were one to come, it would be U+FFFD: the output
            // stays UTF-8).
            debug_assert!(char::from_u32(value).is_some());
            let c = char::from_u32(value).map_or(0xFFFD, u32::from);
            let cont = |shift: u32| 0x80 | (c >> shift) as u8 & 0x3F;
            // Fixed-length copies: a variable one is a call to `memcpy`.
            if c < 0x80 {
                out.push(c as u8);
            } else if c < 0x800 {
                out.extend_from_slice(&[0xC0 | (c >> 6) as u8, cont(0)]);
            } else if c < 0x1_0000 {
                out.extend_from_slice(&[0xE0 | (c >> 12) as u8, cont(6), cont(0)]);
            } else {
                out.extend_from_slice(&four_bytes(c));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encode_matches_std_and_decode() {
        let mut buf = [0u8; 6];
        for c in ['\0', 'a', 'é', '€', '😀', '\u{10FFFF}'] {
            let n = encode(u32::from(c), &mut buf);
            assert_eq!(&buf[..n], c.encode_utf8(&mut [0; 4]).as_bytes());
            assert_eq!(decode(&buf[..n]), u32::from(c));
        }
        for v in [0x20_0000, 0x3FF_FFFF, 0x400_0000, 0x7FFF_FFFF, 0xD800] {
            let n = encode(v, &mut buf);
            assert_eq!(decode(&buf[..n]), v);
        }
    }

    #[test]
    fn find_byte_finds_the_first() {
        let mut s = [b'a'; 300];
        assert_eq!(find_byte(Engine::active(), &s, true), None);
        s[200] = 0xF0;
        s[250] = 0;
        assert_eq!(
            find_byte(Engine::active(), &s, false),
            Some((200, VariantErrorKind::FourByteSequence))
        );
        s[70] = 0;
        assert_eq!(
            find_byte(Engine::active(), &s, true),
            Some((70, VariantErrorKind::NulByte))
        );
        assert_eq!(
            find_byte(Engine::active(), &s, false).map(|x| x.0),
            Some(200)
        );
    }
}
