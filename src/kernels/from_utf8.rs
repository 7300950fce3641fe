//! UTF-8 to UTF-16, UTF-32 and Latin-1, written once over [`Simd128`] (conversion)
//! and [`ByteVector`] (validation).
//!
//! Input goes in 64-byte blocks that start at a character boundary. A block that
//! is all ASCII is widened. Any other block is first validated by the lookup
//! checker (unless the input is a `&str`), then converted 16 bytes at a time:
//!
//! 1. A bit mask marks the last byte of every character: an ASCII byte, or a
//!    continuation byte whose successor in the block is not one. Characters
//!    cut off by the end of the block, or ending at its last byte, are not
//!    marked; the next block starts with them.
//! 2. For every byte position, the code point of the character that would end
//!    there is computed from the byte and the one and two before it (a
//!    continuation byte before takes part only where this byte is a continuation
//!    too): `low = c0 & 0x7F | c1 << 6`, `high = c1 >> 2 | c2 << 4`, bit-masked.
//!    Interleaving `low` and `high` gives eight 16-bit lanes per half-vector.
//! 3. The lanes at the marked positions are moved to the front by a byte shuffle
//!    from a 256-entry table indexed by the eight mask bits (built by a
//!    `const fn`), stored, and the output pointer advances by the number of bits.
//!
//! A block with a 4-byte character (or, for Latin-1, a character above U+00FF)
//! goes to the scalar reference, as do an invalid block (so errors are exactly
//! the reference's), the last bytes of the input, and the end of a too-short
//! output.

use super::transcode::Offset;
use super::utf8::{Checker, BLOCK};
use crate::error::Utf8Error;
use crate::simd::{ByteVector, Simd128};

/// The shuffle that moves the `u16` lanes selected by `mask` (bit `i` for lane `i`)
/// to the front, in order, swapping the two bytes of each when `swap` is set;
/// the other output bytes are zero (index 0x80).
const fn compress_shuffle(mask: usize, swap: bool) -> [u8; 16] {
    let mut shuffle = [0x80u8; 16];
    let (mut lane, mut out) = (0, 0);
    while lane < 8 {
        if mask >> lane & 1 != 0 {
            let (low, high) = (2 * lane as u8, 2 * lane as u8 + 1);
            shuffle[2 * out] = if swap { high } else { low };
            shuffle[2 * out + 1] = if swap { low } else { high };
            out += 1;
        }
        lane += 1;
    }
    shuffle
}

/// [`compress_shuffle`] for every mask: `[swap as usize][mask]`.
const fn compress_table() -> [[[u8; 16]; 256]; 2] {
    let mut table = [[[0u8; 16]; 256]; 2];
    let mut mask = 0;
    while mask < 256 {
        table[0][mask] = compress_shuffle(mask, false);
        table[1][mask] = compress_shuffle(mask, true);
        mask += 1;
    }
    table
}

static COMPRESS: [[[u8; 16]; 256]; 2] = compress_table();

/// The lanes of `units` selected by `mask`, moved to the front (bytes swapped when
/// `SWAP`).
///
/// # Safety
/// The CPU supports `S`.
#[inline(always)]
unsafe fn compress<S: Simd128, const SWAP: bool>(units: S, mask: u32) -> S {
    // SAFETY: `mask & 0xFF` indexes a 16-byte row of the table.
    units.shuffle(S::load(
        COMPRESS[SWAP as usize][(mask & 0xFF) as usize].as_ptr(),
    ))
}

/// Where converted text goes: one implementation per output format.
pub(crate) trait Output {
    /// The output code unit.
    type Unit: Copy;

    /// Lead bytes from this value up need the reference: 4-byte characters
    /// (surrogate pairs in UTF-16, 21 bits in UTF-32), or for Latin-1 any
    /// character above U+00FF (leads from 0xC4).
    const REFERENCE_FROM: u8;

    /// Units a write may touch past the end of what it converts.
    const SLACK: usize;

    /// Writes the 16 ASCII bytes `bytes` as 16 units at `out`.
    ///
    /// # Safety
    /// `out..out + 16` is writable; the CPU supports `S`.
    unsafe fn ascii<S: Simd128>(bytes: S, out: *mut Self::Unit);

    /// Writes the `u16` lanes of `units` that `mask` selects (its low eight bits)
    /// at `out`, and returns how many. May write up to `SLACK` units past them.
    ///
    /// # Safety
    /// `out..out + 8 + SLACK` is writable; the CPU supports `S`; for Latin-1 the
    /// selected lanes are at most 0xFF.
    unsafe fn units<S: Simd128>(units: S, mask: u32, out: *mut Self::Unit) -> usize;
}

/// UTF-16 output, in little-endian byte order or, with `BIG`, big-endian.
pub(crate) struct Utf16<const BIG: bool>;

impl<const BIG: bool> Output for Utf16<BIG> {
    type Unit = u16;
    const REFERENCE_FROM: u8 = 0xF0;
    const SLACK: usize = 8;

    #[inline(always)]
    unsafe fn ascii<S: Simd128>(bytes: S, out: *mut u16) {
        let zero = S::splat(0);
        let (low, high) = if BIG {
            (zero.zip_low(bytes), zero.zip_high(bytes))
        } else {
            (bytes.zip_low(zero), bytes.zip_high(zero))
        };
        // SAFETY: the caller's promise: 16 units at `out`.
        low.store(out.cast());
        high.store(out.add(8).cast());
    }

    #[inline(always)]
    unsafe fn units<S: Simd128>(units: S, mask: u32, out: *mut u16) -> usize {
        // SAFETY: the caller's promise: 8 units at `out`.
        compress::<S, BIG>(units, mask).store(out.cast());
        (mask & 0xFF).count_ones() as usize
    }
}

/// UTF-32 output (in the machine's byte order).
pub(crate) struct Utf32;

impl Output for Utf32 {
    type Unit = u32;
    const REFERENCE_FROM: u8 = 0xF0;
    const SLACK: usize = 8;

    #[inline(always)]
    unsafe fn ascii<S: Simd128>(bytes: S, out: *mut u32) {
        let zero = S::splat(0);
        let (low, high) = (bytes.zip_low(zero), bytes.zip_high(zero));
        // SAFETY: the caller's promise: 16 units at `out`.
        low.zip16_low(zero).store(out.cast());
        low.zip16_high(zero).store(out.add(4).cast());
        high.zip16_low(zero).store(out.add(8).cast());
        high.zip16_high(zero).store(out.add(12).cast());
    }

    #[inline(always)]
    unsafe fn units<S: Simd128>(units: S, mask: u32, out: *mut u32) -> usize {
        let zero = S::splat(0);
        let packed = compress::<S, false>(units, mask);
        // SAFETY: the caller's promise: 8 units at `out`.
        packed.zip16_low(zero).store(out.cast());
        packed.zip16_high(zero).store(out.add(4).cast());
        (mask & 0xFF).count_ones() as usize
    }
}

/// Latin-1 output.
pub(crate) struct Latin1;

impl Output for Latin1 {
    type Unit = u8;
    const REFERENCE_FROM: u8 = 0xC4;
    const SLACK: usize = 16;

    #[inline(always)]
    unsafe fn ascii<S: Simd128>(bytes: S, out: *mut u8) {
        // SAFETY: the caller's promise: 16 units at `out`.
        bytes.store(out);
    }

    #[inline(always)]
    unsafe fn units<S: Simd128>(units: S, mask: u32, out: *mut u8) -> usize {
        let packed = compress::<S, false>(units, mask);
        // SAFETY: the caller's promise: 8 + 16 units at `out`; the lanes are
        // Latin-1, so narrowing keeps them whole.
        packed.narrow(packed).store(out);
        (mask & 0xFF).count_ones() as usize
    }
}

/// The code points of the characters that end at each byte of `bytes`, given the
/// 16 bytes before them (`prev`), their continuation masks (`cont`, `prev_cont`),
/// as two vectors of eight `u16` lanes (bytes 0..8, 8..16). Lanes where no
/// character ends hold garbage; no character in reach may have four bytes.
#[inline(always)]
unsafe fn code_points<S: Simd128>(bytes: S, prev: S, cont: S, prev_cont: S) -> (S, S) {
    let c1 = bytes.prev::<1>(prev).and(cont);
    let c2 = bytes
        .prev::<2>(prev)
        .and(cont)
        .and(cont.prev::<1>(prev_cont));
    let low = bytes
        .and(S::splat(0x7F))
        .or(c1.shl16::<6>().and(S::splat(0xC0)));
    let high = c1
        .shr16::<2>()
        .and(S::splat(0x0F))
        .or(c2.shl16::<4>().and(S::splat(0xF0)));
    (low.zip_low(high), low.zip_high(high))
}

/// Converts `src` to `O`'s units in `dst`: vector blocks while a whole block
/// remains and the output has room for a block, then `tail`
/// (the portable conversion) for the rest. Blocks the vector code does not
/// convert (an error, a character it does not handle) go to `reference`. With
/// `VALIDATE` false, `src` must be valid UTF-8.
///
/// # Safety
/// The CPU supports `V` and `S`.
#[inline(always)]
pub(crate) unsafe fn convert<V: ByteVector, S: Simd128, O: Output, const VALIDATE: bool>(
    src: &[u8],
    dst: &mut [O::Unit],
    reference: impl Fn(&[u8], &mut [O::Unit]) -> Result<usize, Utf8Error>,
    tail: impl Fn(&[u8], &mut [O::Unit]) -> Result<usize, Utf8Error>,
) -> Result<usize, Utf8Error> {
    let (mut read, mut written) = (0, 0);
    let input = src.as_ptr();
    let output = dst.as_mut_ptr();
    let mut checker = Checker::<V>::new();
    let cont = |v: S| v.lt_i8(S::splat(0xC0));
    while src.len() - read >= BLOCK && dst.len() - written >= BLOCK + O::SLACK {
        // SAFETY (every load and store below): `read + BLOCK <= src.len()` and
        // `written + BLOCK + SLACK <= dst.len()`; a block writes at most one unit
        // per byte, plus SLACK.
        let block = input.add(read);
        let out = output.add(written);
        let v = [
            S::load(block),
            S::load(block.add(16)),
            S::load(block.add(32)),
            S::load(block.add(48)),
        ];
        let any = v[0].or(v[1]).or(v[2]).or(v[3]);
        if any.is_ascii() {
            for (k, &bytes) in v.iter().enumerate() {
                O::ascii(bytes, out.add(16 * k));
            }
            read += BLOCK;
            written += BLOCK;
            continue;
        }
        if VALIDATE && !checker.block_is_valid(block) {
            break;
        }
        let c = [cont(v[0]), cont(v[1]), cont(v[2]), cont(v[3])];
        let mask = |m: [S; 4]| {
            m.iter()
                .enumerate()
                .fold(0u64, |acc, (k, x)| acc | (x.movemask() as u64) << (16 * k))
        };
        let continuations = mask(c);
        let non_ascii = mask(v);
        // A continuation byte followed by a non-continuation ends a character (the
        // checker has seen the pair); so does an ASCII byte. A character of two or
        // more bytes that ends the block is left for the next block, which checks
        // it with the byte after it.
        let ends = !continuations >> 1 & continuations | !non_ascii;
        let consumed = BLOCK - ends.leading_zeros() as usize;
        if consumed == 0 {
            break; // Only invalid input (for `VALIDATE == false`) gets here.
        }
        let max = v[0].max(v[1]).max(v[2]).max(v[3]);
        if max
            .saturating_sub(S::splat(O::REFERENCE_FROM - 1))
            .any_nonzero()
        {
            let (part, rest) = (&src[read..read + consumed], &mut dst[written..]);
            match reference(part, rest) {
                Ok(n) => written += n,
                Err(e) => return Err(e.offset(read, written)),
            }
            read += consumed;
            continue;
        }
        let mut o = out;
        let (mut prev, mut prev_cont) = (S::splat(0), S::splat(0));
        for k in 0..4 {
            let bytes = v[k];
            let m = (ends >> (16 * k)) as u32;
            if bytes.is_ascii() {
                O::ascii(bytes, o);
                o = o.add(16);
            } else {
                let (low, high) = code_points(bytes, prev, c[k], prev_cont);
                o = o.add(O::units(low, m, o));
                o = o.add(O::units(high, m >> 8, o));
            }
            prev = bytes;
            prev_cont = c[k];
        }
        read += consumed;
        written += o.offset_from(out) as usize;
    }
    match tail(&src[read..], &mut dst[written..]) {
        Ok(n) => Ok(written + n),
        Err(e) => Err(e.offset(read, written)),
    }
}

#[cfg(test)]
mod tests {
    use super::compress_shuffle;

    #[test]
    fn compress_shuffles_pick_the_selected_lanes_in_order() {
        assert_eq!(compress_shuffle(0, false), [0x80; 16]);
        let s = compress_shuffle(0b1000_0101, false);
        assert_eq!(&s[..6], &[0, 1, 4, 5, 14, 15]);
        assert!(s[6..].iter().all(|&b| b == 0x80));
        let s = compress_shuffle(0b0000_0010, true);
        assert_eq!(&s[..2], &[3, 2]);
    }
}
