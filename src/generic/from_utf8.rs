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
//! A block of 3-byte characters only (CJK text) takes a shortcut: five
//! characters from every 15 bytes by two fixed shuffles; where the checker runs
//! on 128-bit vectors, such a block is checked by a shorter test of its own
//! ([`three_byte_block_valid`]).
//!
//! A kernel with [`Wide`] conversions (AVX-512) replaces steps 1-3 with its own,
//! and runs long input as a stream of fixed 64-byte blocks ([`convert_stream`]),
//! short input as one zero-padded block with exact, masked stores
//! ([`convert_short`]).
//!
//! A 4-byte character gives the low 16 bits of its code point at its last byte;
//! UTF-32 adds the top bits there, UTF-16 makes a surrogate pair of the values
//! at its third and fourth bytes. A block with a character above U+00FF, for
//! Latin-1 output, goes to the scalar reference, as do an invalid block (so errors are exactly
//! the reference's), the last bytes of the input, and the end of a too-short
//! output.

use super::validate_utf8::{Checker, BLOCK};
use super::vector_traits::{or4, ByteVector, Simd128};
use super::wide::{Carry, Wide};
use super::{Latin1, Utf16, Utf32};
use crate::error::{Offset, Utf8Error};
use crate::reference::utf8::is_continuation;

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

/// Continuation bits of a block of 3-byte characters only (from its start): every
/// byte but those at multiples of three.
const THREE_BYTE_BLOCK: u64 = {
    let mut mask = 0u64;
    let mut i = 0;
    while i < 64 {
        if i % 3 != 0 {
            mask |= 1 << i;
        }
        i += 1;
    }
    mask
};

/// Shuffles that gather, for the five 3-byte characters in 15 bytes, `u16` lanes
/// of (third byte, second byte) and of (nothing, lead byte); lanes 5..8 are zero.
const fn three_byte_shuffles() -> [[u8; 16]; 2] {
    let mut shuffles = [[0x80u8; 16]; 2];
    let mut i = 0;
    while i < 5 {
        shuffles[0][2 * i] = 3 * i as u8 + 2;
        shuffles[0][2 * i + 1] = 3 * i as u8 + 1;
        shuffles[1][2 * i + 1] = 3 * i as u8;
        i += 1;
    }
    shuffles
}

static THREE_BYTE_SHUFFLES: [[u8; 16]; 2] = three_byte_shuffles();

/// The five 3-byte characters in the first 15 bytes of `bytes` as `u16` lanes 0..5
/// (lanes 5..8 zero).
///
/// # Safety
/// The CPU supports `S`.
#[inline(always)]
unsafe fn three_byte_chars<S: Simd128>(bytes: S) -> S {
    // SAFETY: each row has 16 bytes.
    let (tails, leads) = (
        bytes.shuffle(S::load(THREE_BYTE_SHUFFLES[0].as_ptr())),
        bytes.shuffle(S::load(THREE_BYTE_SHUFFLES[1].as_ptr())),
    );
    tails
        .and(S::splat16(0x003F))
        .or(tails.shr16::<2>().and(S::splat16(0x0FC0)))
        .or(leads.shl16::<4>())
}

/// Whether a block whose continuation bytes are [`THREE_BYTE_BLOCK`]'s (`cont`:
/// 0xFF at them) is valid UTF-8, by a shorter test than the full checker's: with
/// that shape every other byte leads a 3-byte character, so it must be
/// 0xE0..=0xEF, and the only other rules are the second bytes after 0xE0
/// (0xA0 and up: no overlong form) and after 0xED (below 0xA0: no surrogate).
/// The lead at byte 63, of a character the block cuts off, must pass too (a
/// 4-byte lead there fails, and the full checker decides).
///
/// # Safety
/// The CPU supports `S`.
#[inline(always)]
unsafe fn three_byte_block_valid<S: Simd128>(v: &[S; 4], cont: &[S; 4]) -> bool {
    let (mut leads_ok, mut bad_second) = (S::splat(0xFF), S::splat(0));
    let mut prev = S::splat(0);
    for (bytes, cont) in v.iter().zip(cont) {
        let lead_ok = bytes.and(S::splat(0xF0)).eq(S::splat(0xE0));
        leads_ok = leads_ok.and(cont.or(lead_ok));
        let before = bytes.prev::<1>(prev);
        // Signed: the continuation bytes 0x80..=0xBF are -128..=-65.
        let low = bytes.lt_i8(S::splat(0xA0));
        let high = S::splat(0x9F).lt_i8(*bytes);
        bad_second = bad_second
            .or(before.eq(S::splat(0xE0)).and(low))
            .or(before.eq(S::splat(0xED)).and(high));
        prev = *bytes;
    }
    leads_ok.movemask() == 0xFFFF && !bad_second.any_nonzero()
}

/// Each `u32` lane's four bytes in reverse order.
static BYTES_REVERSED: [u8; 16] = {
    let mut shuffle = [0u8; 16];
    let mut i = 0;
    while i < 16 {
        shuffle[i] = (i - i % 4 + 3 - i % 4) as u8;
        i += 1;
    }
    shuffle
};

/// The code points of a window that is four 4-byte characters, one a `u32`
/// lane, each at its lead's lane (emoji text: a block starts at a character,
/// so the characters line up with the lanes), and the units they make (one
/// per bit of `ends`), or `None` for any other window. With `surrogates`
/// (UTF-16 output) the third bytes end first surrogates too. The last window
/// of a block may lack the last character's ends (left for the next block:
/// it is whole, and converted, but not counted).
///
/// # Safety
/// The CPU supports `S`; the window's block is valid UTF-8.
#[inline(always)]
unsafe fn four_byte_chars<S: Simd128>(
    window: &Window<S>,
    ends: u32,
    surrogates: bool,
) -> Option<(S, usize)> {
    let full = if surrogates { 0xCCCC } else { 0x8888 };
    // Characters end at lanes 3, 7, 11 (and 15): in valid UTF-8 the four lanes
    // up to each end are one character (the character holding lane 0 ends at
    // lane 3, and one of fewer bytes would leave lane 0 to a character ending
    // there; and so on), and lanes 12 to 15 of a last window are the whole
    // character left, or the start of one the next block finds invalid. With
    // the surrogates' ends a 3-byte character and an ASCII byte end the same
    // lanes as a 4-byte character: there the leads say which.
    let ends = ends & 0xFFFF;
    if ends != full && ends != full & 0x0FFF
        || surrogates && four_byte_lead(window.bytes).movemask() & 0x1111 != 0x1111
    {
        return None;
    }
    // SAFETY: the row has 16 bytes.
    let reversed = window.bytes.shuffle(S::load(BYTES_REVERSED.as_ptr()));
    // Lane `[lead, c1, c2, c3]` reversed is `c3 | c2 << 8 | c1 << 16 | lead << 24`;
    // in each 16-bit half, the two fields joined: `c3 | (c2 & 0x3F) << 6` and
    // `c1 & 0x3F | (lead & 7) << 6`; then the high half moved down 4 bits.
    let halves = reversed
        .and(S::splat32(0x003F_003F))
        .or(reversed.shr16::<2>().and(S::splat32(0x01C0_0FC0)));
    let code_points = halves
        .and(S::splat32(0xFFF))
        .or(halves.shr32::<4>().and(S::splat32(0x1F_F000)));
    Some((code_points, ends.count_ones() as usize))
}

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

/// The 16 bytes of a vector with the 16 before them: what the characters ending
/// in the vector are made of.
#[derive(Clone, Copy)]
pub(crate) struct Window<S> {
    bytes: S,
    prev: S,
    /// 0xFF at continuation bytes, of `bytes` and of `prev`.
    cont: S,
    prev_cont: S,
}

impl<S: Simd128> Window<S> {
    /// The byte `N` positions before each byte.
    #[inline(always)]
    unsafe fn back<const N: usize>(&self) -> S {
        self.bytes.prev::<N>(self.prev)
    }

    /// 0xFF where the byte `N` positions back leads a 4-byte character (>= 0xF0).
    #[inline(always)]
    unsafe fn four_byte_lead_back<const N: usize>(&self) -> S {
        four_byte_lead(self.back::<N>())
    }

    /// The low and high bytes of the code point of the character that would end at
    /// each byte (garbage where none does): `c0 & 0x7F | c1 << 6` and
    /// `c1 >> 2 | c2 << 4`, where the byte before (`c1`) counts only after a
    /// continuation byte, and the byte two before (`c2`) only after two. At the
    /// last byte of a 4-byte character this gives the low 16 bits of the code
    /// point; at its third byte, the code point shifted right by 6 (lead bits
    /// included, as `0xF0..=0xF4 & 0x0F` is the lead's 3 bits).
    /// `WIDTH` is the longest character in reach (2, 3 or 4 bytes): with 2, no
    /// third byte back takes part.
    #[inline(always)]
    unsafe fn code_points<const WIDTH: u8>(&self) -> (S, S) {
        let c1 = self.back::<1>().and(self.cont);
        let low = self
            .bytes
            .and(S::splat(0x7F))
            .or(c1.shl16::<6>().and(S::splat(0xC0)));
        let high = c1.shr16::<2>().and(S::splat(0x0F));
        if WIDTH == 2 {
            return (low, high);
        }
        let cont1 = self.cont.prev::<1>(self.prev_cont);
        let c2 = self.back::<2>().and(self.cont).and(cont1);
        (low, high.or(c2.shl16::<4>().and(S::splat(0xF0))))
    }
}

/// 0xFF where the byte leads a 4-byte character (>= 0xF0).
#[inline(always)]
unsafe fn four_byte_lead<S: Simd128>(bytes: S) -> S {
    S::splat(0).lt_i8(bytes.saturating_sub(S::splat(0xEF)))
}

/// `a` where `mask` is set, otherwise `b`.
#[inline(always)]
pub(crate) unsafe fn select<S: Simd128>(mask: S, a: S, b: S) -> S {
    mask.blend(a, b)
}

/// Where converted text goes: one implementation per output format.
pub(crate) trait Output {
    /// The output code unit.
    type Unit: Copy;

    /// Lead bytes from this value up send the block to the reference (for
    /// Latin-1, leads of characters above U+00FF; 0xF5 means none, as no valid
    /// block has such a byte).
    const REFERENCE_FROM: u8;

    /// Whether a 4-byte character becomes two units (a surrogate pair), the
    /// first at its third byte.
    const SURROGATES: bool;

    /// Units a write may touch past the end of what it converts.
    const SLACK: usize;

    /// Writes the 16 ASCII bytes `bytes` as 16 units at `out`.
    ///
    /// # Safety
    /// `out..out + 16` is writable; the CPU supports `S`.
    unsafe fn ascii<S: Simd128>(bytes: S, out: *mut Self::Unit);

    /// Writes the `BLOCK` ASCII bytes of `block` (as [`load_block`] gives them)
    /// as units at `out`, with the kernel's full-width vectors.
    ///
    /// # Safety
    /// `out..out + BLOCK` is writable; the CPU supports `V`.
    unsafe fn ascii_block<V: ByteVector>(block: [V; 4], out: *mut Self::Unit);

    /// Writes the `u16` lanes 0..5 of `units` (characters up to U+FFFF) at `out`.
    /// May write up to 3 + `SLACK` units past them.
    ///
    /// # Safety
    /// `out..out + 8 + SLACK` is writable; the CPU supports `S`.
    unsafe fn five<S: Simd128>(units: S, out: *mut Self::Unit);

    /// Whether the units are big-endian `u16`s.
    const BIG: bool;

    /// Converts whole groups of blocks at the start of `src` by `W`'s run
    /// (Latin-1: [`Wide::utf8_to_latin1_run`]): the bytes read and units
    /// written, `(0, 0)` where there is none.
    ///
    /// # Safety
    /// The CPU supports `W`; `src` starts at a character boundary.
    #[inline(always)]
    unsafe fn run<W: Wide>(src: &[u8], out: &mut [Self::Unit]) -> (usize, usize) {
        let _ = (src, out);
        (0, 0)
    }

    /// Whether [`Output::stream`] checks the input itself (Latin-1: the few
    /// valid forms are quick to check), so that the stream needs no checker.
    const SELF_CHECKING: bool;

    /// Converts a block of a stream by `W`'s wide conversion (see
    /// [`Wide::utf8_stream_to_utf16`]): the units written, or `None` (Latin-1
    /// only) when the block is not for the stream.
    ///
    /// # Safety
    /// As for [`Wide::utf8_stream_to_utf16`]; the CPU supports `W`.
    unsafe fn stream<W: Wide>(
        block: *const u8,
        next_cont: bool,
        carry: &mut Carry<W>,
        out: *mut Self::Unit,
    ) -> Option<usize>;

    /// Converts the block at `block` by `W`'s wide conversion (see
    /// [`Wide::utf8_to_utf16`]), if it has one for this output.
    ///
    /// # Safety
    /// As for [`Wide::utf8_to_utf16`]; the CPU supports `W`.
    unsafe fn wide<W: Wide>(
        block: *const u8,
        len: usize,
        out: *mut Self::Unit,
        exact: Option<usize>,
    ) -> Option<(usize, usize)>;

    /// Writes the characters ending at the bytes of `window` that `ends` selects
    /// (its low 16 bits; for `SURROGATES`, also the third bytes of 4-byte
    /// characters) at `out`, and returns how many units. `WIDTH` is the longest
    /// character the window may hold (2, 3 or 4 bytes). May write up to `SLACK` units past them.
    ///
    /// # Safety
    /// `out..out + 16 + SLACK` is writable; the CPU supports `S`; for Latin-1 the
    /// selected characters are at most U+00FF.
    unsafe fn chars<S: Simd128, const WIDTH: u8>(
        window: Window<S>,
        ends: u32,
        out: *mut Self::Unit,
    ) -> usize;
}

impl<const BIG: bool> Output for Utf16<BIG> {
    type Unit = u16;
    const BIG: bool = BIG;
    const REFERENCE_FROM: u8 = 0xF5;
    const SURROGATES: bool = true;
    const SLACK: usize = 8;

    const SELF_CHECKING: bool = false;

    #[inline(always)]
    unsafe fn stream<W: Wide>(
        block: *const u8,
        next_cont: bool,
        carry: &mut Carry<W>,
        out: *mut u16,
    ) -> Option<usize> {
        // SAFETY: the caller's promises.
        Some(W::utf8_stream_to_utf16::<BIG>(block, next_cont, carry, out))
    }

    #[inline(always)]
    unsafe fn wide<W: Wide>(
        block: *const u8,
        len: usize,
        out: *mut u16,
        exact: Option<usize>,
    ) -> Option<(usize, usize)> {
        // SAFETY: the caller's promises.
        W::utf8_to_utf16::<BIG>(block, len, out, exact)
    }

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
    unsafe fn ascii_block<V: ByteVector>(block: [V; 4], out: *mut u16) {
        for (k, v) in block.into_iter().take(BLOCK / V::LANES).enumerate() {
            // SAFETY: the caller's promise; `k * LANES + LANES <= BLOCK`.
            v.widen_u16::<BIG>(out.add(k * V::LANES).cast());
        }
    }

    #[inline(always)]
    unsafe fn five<S: Simd128>(units: S, out: *mut u16) {
        // SAFETY: the caller's promise: 8 units at `out`.
        compress::<S, BIG>(units, 0xFF).store(out.cast());
    }

    #[inline(always)]
    unsafe fn chars<S: Simd128, const WIDTH: u8>(
        window: Window<S>,
        ends: u32,
        out: *mut u16,
    ) -> usize {
        if WIDTH == 4 {
            if let Some((code_points, n)) = four_byte_chars(&window, ends, Self::SURROGATES) {
                // Each a surrogate pair in its `u32` lane, the high unit first.
                let high = code_points.shr32::<10>().add16(S::splat32(0xD800 - 0x40));
                let low = code_points.and(S::splat32(0x3FF)).or(S::splat32(0xDC00));
                let pairs = high.or(low.shl32::<16>());
                let pairs = if BIG { pairs.swap_units() } else { pairs };
                // SAFETY: the caller's promise: 16 + 8 units at `out`.
                pairs.store(out.cast());
                return n;
            }
        }
        let (low, high) = window.code_points::<WIDTH>();
        let (mut first, mut second) = (low.zip_low(high), low.zip_high(high));
        if WIDTH == 4 {
            // At a third byte: 0xD800 + (code point >> 10) - 0x40; at a fourth:
            // 0xDC00 + the low 10 bits.
            let third = window.four_byte_lead_back::<2>();
            let fourth = window.four_byte_lead_back::<3>();
            let pair = |units: S, third: S, fourth: S| {
                let lead = units.shr16::<4>().add16(S::splat16(0xD800 - 0x40));
                let trail = units.and(S::splat16(0x3FF)).or(S::splat16(0xDC00));
                select(fourth, trail, select(third, lead, units))
            };
            first = pair(first, third.zip_low(third), fourth.zip_low(fourth));
            second = pair(second, third.zip_high(third), fourth.zip_high(fourth));
        }
        // SAFETY: the caller's promise: 16 + 8 units at `out`.
        compress::<S, BIG>(first, ends).store(out.cast());
        let n = (ends & 0xFF).count_ones() as usize;
        compress::<S, BIG>(second, ends >> 8).store(out.add(n).cast());
        n + (ends >> 8 & 0xFF).count_ones() as usize
    }
}

impl Output for Utf32 {
    type Unit = u32;
    const BIG: bool = false;
    const REFERENCE_FROM: u8 = 0xF5;
    const SURROGATES: bool = false;
    const SLACK: usize = 8;

    const SELF_CHECKING: bool = false;

    #[inline(always)]
    unsafe fn stream<W: Wide>(
        block: *const u8,
        next_cont: bool,
        carry: &mut Carry<W>,
        out: *mut u32,
    ) -> Option<usize> {
        // SAFETY: the caller's promises.
        Some(W::utf8_stream_to_utf32(block, next_cont, carry, out))
    }

    #[inline(always)]
    unsafe fn wide<W: Wide>(
        block: *const u8,
        len: usize,
        out: *mut u32,
        exact: Option<usize>,
    ) -> Option<(usize, usize)> {
        // SAFETY: the caller's promises.
        W::utf8_to_utf32(block, len, out, exact)
    }

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
    unsafe fn ascii_block<V: ByteVector>(block: [V; 4], out: *mut u32) {
        for (k, v) in block.into_iter().take(BLOCK / V::LANES).enumerate() {
            // SAFETY: the caller's promise; `k * LANES + LANES <= BLOCK`.
            v.widen_u32(out.add(k * V::LANES).cast());
        }
    }

    #[inline(always)]
    unsafe fn five<S: Simd128>(units: S, out: *mut u32) {
        let zero = S::splat(0);
        // SAFETY: the caller's promise: 8 units at `out`.
        units.zip16_low(zero).store(out.cast());
        units.zip16_high(zero).store(out.add(4).cast());
    }

    #[inline(always)]
    unsafe fn chars<S: Simd128, const WIDTH: u8>(
        window: Window<S>,
        ends: u32,
        out: *mut u32,
    ) -> usize {
        if WIDTH == 4 {
            if let Some((code_points, n)) = four_byte_chars(&window, ends, Self::SURROGATES) {
                // SAFETY: the caller's promise: 16 + 8 units at `out`.
                code_points.store(out.cast());
                return n;
            }
        }
        let zero = S::splat(0);
        let (low, high) = window.code_points::<WIDTH>();
        // Bits 16..21 of the code point, at the last byte of a 4-byte character:
        // the lead's three bits and the top two of the second byte.
        let top = if WIDTH == 4 {
            let lead = window.back::<3>().and(S::splat(0x07)).shl16::<2>();
            let second = window.back::<2>().and(S::splat(0x30)).shr16::<4>();
            lead.or(second).and(window.four_byte_lead_back::<3>())
        } else {
            zero
        };
        let mut o = out;
        for (half, units, top) in [
            (ends, low.zip_low(high), top.zip_low(zero)),
            (ends >> 8, low.zip_high(high), top.zip_high(zero)),
        ] {
            let units = compress::<S, false>(units, half);
            // (Without 4-byte characters `top` is zero, and so is its shuffle:
            // not left to the compiler, which keeps the shuffle.)
            let top = if WIDTH == 4 {
                compress::<S, false>(top, half)
            } else {
                zero
            };
            // SAFETY: the caller's promise: 16 + 8 units at `out`.
            units.zip16_low(top).store(o.cast());
            units.zip16_high(top).store(o.add(4).cast());
            o = o.add((half & 0xFF).count_ones() as usize);
        }
        o.offset_from(out) as usize
    }
}

impl Output for Latin1 {
    type Unit = u8;
    const BIG: bool = false;
    const REFERENCE_FROM: u8 = 0xC4;
    const SURROGATES: bool = false;
    const SLACK: usize = 16;

    const SELF_CHECKING: bool = true;

    #[inline(always)]
    unsafe fn run<W: Wide>(src: &[u8], out: &mut [u8]) -> (usize, usize) {
        // SAFETY: the caller's promises.
        unsafe { W::utf8_to_latin1_run(src, out) }
    }

    #[inline(always)]
    unsafe fn stream<W: Wide>(
        block: *const u8,
        next_cont: bool,
        carry: &mut Carry<W>,
        out: *mut u8,
    ) -> Option<usize> {
        // SAFETY: the caller's promises.
        W::utf8_stream_to_latin1(block, next_cont, carry, out)
    }

    #[inline(always)]
    unsafe fn wide<W: Wide>(
        block: *const u8,
        len: usize,
        out: *mut u8,
        exact: Option<usize>,
    ) -> Option<(usize, usize)> {
        // SAFETY: the caller's promises.
        W::utf8_to_latin1(block, len, out, exact)
    }

    #[inline(always)]
    unsafe fn ascii<S: Simd128>(bytes: S, out: *mut u8) {
        // SAFETY: the caller's promise: 16 units at `out`.
        bytes.store(out);
    }

    #[inline(always)]
    unsafe fn ascii_block<V: ByteVector>(block: [V; 4], out: *mut u8) {
        for (k, v) in block.into_iter().take(BLOCK / V::LANES).enumerate() {
            // SAFETY: the caller's promise; `k * LANES + LANES <= BLOCK`.
            v.write_to(out.add(k * V::LANES));
        }
    }

    #[inline(always)]
    unsafe fn five<S: Simd128>(units: S, out: *mut u8) {
        // SAFETY: the caller's promise: 8 + 16 units at `out`. Only characters up
        // to U+00FF reach Latin-1 output (the others go to the reference), so
        // this is never called; it narrows correctly all the same.
        units.narrow(units).store(out);
    }

    #[inline(always)]
    unsafe fn chars<S: Simd128, const WIDTH: u8>(
        window: Window<S>,
        ends: u32,
        out: *mut u8,
    ) -> usize {
        let (low, high) = window.code_points::<WIDTH>();
        let first = compress::<S, false>(low.zip_low(high), ends);
        let second = compress::<S, false>(low.zip_high(high), ends >> 8);
        // SAFETY: the caller's promise: 16 + 16 units at `out`; the characters
        // are Latin-1, so narrowing keeps them whole.
        first.narrow(first).store(out);
        let n = (ends & 0xFF).count_ones() as usize;
        second.narrow(second).store(out.add(n));
        n + (ends >> 8 & 0xFF).count_ones() as usize
    }
}

/// Converts the four vectors `v` (continuation masks `cont`) of a valid block
/// whose character ends `ends` marks: as many units as `ends` has bits.
///
/// # Safety
/// `out..out + BLOCK + SLACK` is writable; the CPU supports `S`.
#[inline(always)]
unsafe fn convert_block<S: Simd128, O: Output, const WIDTH: u8>(
    v: &[S; 4],
    cont: &[S; 4],
    non_ascii: u64,
    ends: u64,
    out: *mut O::Unit,
) {
    let mut o = out;
    let (mut prev, mut prev_cont) = (S::splat(0), S::splat(0));
    for k in 0..4 {
        let bytes = v[k];
        // SAFETY: the units written so far and this vector's stay within the
        // block's BLOCK + SLACK.
        if (non_ascii >> (16 * k)) as u16 == 0 {
            O::ascii(bytes, o);
            o = o.add(16);
        } else {
            let window = Window {
                bytes,
                prev,
                cont: cont[k],
                prev_cont,
            };
            o = o.add(O::chars::<S, WIDTH>(window, (ends >> (16 * k)) as u32, o));
        }
        prev = bytes;
        prev_cont = cont[k];
    }
}

/// What became of one block.
enum Step {
    /// Converted: input bytes read, units written.
    Done(usize, usize),
    /// Valid, but holds characters the output format needs the reference for;
    /// the reference should convert this many bytes.
    Reference(usize),
    /// Invalid (or, unvalidated, not UTF-8): the vector loop stops here.
    Stop,
}

/// Converts the block at `block` into `out`, counting only its first `len` bytes
/// (`len <= BLOCK`; the rest, if any, is zero padding).
///
/// # Safety
/// `block..block + BLOCK` is readable, `out..out + BLOCK + SLACK` writable; the
/// CPU supports `V` and `S`; without `VALIDATE`, the `len` bytes are a prefix of
/// valid UTF-8 that starts at a character boundary.
#[inline(always)]
unsafe fn step<V: Wide, S: Simd128, O: Output, const VALIDATE: bool>(
    checker: &mut Checker<V>,
    block: *const u8,
    len: usize,
    out: *mut O::Unit,
) -> Step {
    // SAFETY (every load and store below): the caller's promises; a block writes
    // at most one unit per byte, plus SLACK.
    let v = [
        S::load(block),
        S::load(block.add(16)),
        S::load(block.add(32)),
        S::load(block.add(48)),
    ];
    if len < BLOCK && or4(v).is_ascii() {
        // (Whole blocks had this test at full width.)
        O::ascii_block::<V>(load_block(block), out);
        return Step::Done(len, len);
    }
    if V::FROM_UTF8 && O::SELF_CHECKING {
        // Latin-1 output: the wide conversion checks the block itself (it has
        // only ASCII and two-byte characters); anything else is for the code
        // below, which finds what it is.
        if let Some((read, written)) = O::wide::<V>(block, len, out, None) {
            return Step::Done(read, written);
        }
    }
    let cont = |v: S| v.lt_i8(S::splat(0xC0));
    let mask = |m: [S; 4]| {
        m.iter()
            .enumerate()
            .fold(0u64, |acc, (k, x)| acc | (x.movemask() as u64) << (16 * k))
    };
    // A block of 3-byte characters (CJK text) has a shorter test of its own
    // where the checker runs on 128-bit vectors (SSE4.2: Japanese and Chinese
    // text 11-14% faster to UTF-32 on Zen 5). AVX2's 256-bit checker costs less
    // than this test, and finding the block's shape before it lost 2-10%: AVX2
    // keeps the checker alone, and the shape after it.
    let early = V::LANES == 16 && !V::FROM_UTF8;
    let shape = |v: &[S; 4]| {
        let c = v.map(cont);
        (c, mask(c))
    };
    let early_shape = (VALIDATE && early).then(|| shape(&v));
    if VALIDATE {
        let quick = early_shape.is_some_and(|(c, continuations)| {
            continuations == THREE_BYTE_BLOCK && three_byte_block_valid(&v, &c)
        });
        if !quick && !checker.block_is_valid(block) {
            return Step::Stop;
        }
    }
    if V::FROM_UTF8 && !O::SELF_CHECKING {
        // UTF-16 and UTF-32: only input that is not UTF-8 gets `None`.
        return match O::wide::<V>(block, len, out, None) {
            Some((read, written)) => Step::Done(read, written),
            None => Step::Stop,
        };
    }
    let (c, continuations) = early_shape.unwrap_or_else(|| shape(&v));
    let max = v[0].max(v[1]).max(v[2]).max(v[3]);
    let has_from = |lowest: u8| max.saturating_sub(S::splat(lowest - 1)).any_nonzero();
    // A continuation byte followed by a non-continuation ends a character (the
    // checker has seen the pair); so does an ASCII byte. A character of two or
    // more bytes that ends the block is left for the next block, which checks it
    // with the byte after it. Padding ends nothing.
    let non_ascii = || mask(v);
    let ends = |non_ascii: u64| {
        let real = u64::MAX >> (BLOCK - len);
        (!continuations >> 1 & continuations | !non_ascii) & real
    };
    if O::REFERENCE_FROM < 0xF5 && has_from(O::REFERENCE_FROM) {
        let consumed = BLOCK - ends(non_ascii()).leading_zeros() as usize;
        return Step::Reference(consumed);
    }
    if continuations == THREE_BYTE_BLOCK {
        // Valid (or a `&str`) and of this shape: 21 3-byte characters and a lead
        // byte. Convert the first 20, five from each 15 bytes.
        for k in 0..4 {
            O::five(three_byte_chars(S::load(block.add(15 * k))), out.add(5 * k));
        }
        return Step::Done(60, 20);
    }
    let non_ascii = non_ascii();
    let ends = ends(non_ascii);
    let consumed = BLOCK - ends.leading_zeros() as usize;
    if consumed == 0 {
        return Step::Stop; // Only input that is not UTF-8 gets here.
    }
    if has_from(0xF0) {
        let ends = if O::SURROGATES {
            // The third byte of a complete 4-byte character ends its first
            // surrogate.
            let leads = mask(v.map(|x| four_byte_lead(x)));
            ends | leads << 2 & ends >> 1
        } else {
            ends
        };
        convert_block::<S, O, 4>(&v, &c, non_ascii, ends, out);
        Step::Done(consumed, ends.count_ones() as usize)
    } else {
        if has_from(0xE0) {
            convert_block::<S, O, 3>(&v, &c, non_ascii, ends, out);
        } else {
            convert_block::<S, O, 2>(&v, &c, non_ascii, ends, out);
        }
        Step::Done(consumed, ends.count_ones() as usize)
    }
}

/// Converts `src` to `O`'s units in `dst`: [`convert_stream`] where the kernel has
/// wide conversions (AVX-512), [`convert_blocks`] otherwise. With `VALIDATE`
/// false, `src` must be valid UTF-8.
///
/// # Safety
/// The CPU supports `V` and `S`.
#[inline(always)]
pub(crate) unsafe fn convert<V: Wide, S: Simd128, O: Output, const VALIDATE: bool>(
    src: &[u8],
    dst: &mut [O::Unit],
    reference: impl Fn(&[u8], &mut [O::Unit]) -> Result<usize, Utf8Error>,
    tail: impl Fn(&[u8], &mut [O::Unit]) -> Result<usize, Utf8Error>,
) -> Result<usize, Utf8Error>
where
    O::Unit: Default,
{
    if src.len() < BLOCK && (V::FROM_UTF8 || src.len() < 16) {
        // Short input: one zero-padded block where the kernel has wide
        // conversions, the portable code otherwise (and for whatever the block
        // cannot do: an error, a short output, Latin-1 that is not).
        if V::FROM_UTF8 && !src.is_empty() {
            // SAFETY: the caller's promises.
            if let Some(n) = unsafe { convert_short::<V, O, VALIDATE>(src, dst) } {
                return Ok(n);
            }
        }
        return tail(src, dst);
    }
    let mut ascii = 0;
    if V::FROM_UTF8 && src.len() <= 4 * BLOCK {
        // Fairly short input: ASCII blocks widened at once, with exact stores.
        while ascii < src.len() {
            let chunk = &src[ascii..src.len().min(ascii + BLOCK)];
            // SAFETY: `chunk` has at most BLOCK bytes.
            let bytes = unsafe { V::load_short(chunk) };
            if dst.len() - ascii < chunk.len() || !unsafe { bytes.is_ascii() } {
                break;
            }
            // SAFETY: `dst` has room for a unit per byte of `chunk` from `ascii`.
            unsafe { bytes.widen_short(chunk.len(), dst.as_mut_ptr().add(ascii), O::BIG) };
            ascii += chunk.len();
        }
        if ascii == src.len() {
            return Ok(ascii);
        }
    }
    // Whole groups of blocks first where the kernel has a run for `O` (AVX2:
    // the ASCII the input starts with).
    // SAFETY: the caller's promises; `ascii` bytes of ASCII end at a character
    // boundary.
    let (read, written) = unsafe { O::run::<V>(&src[ascii..], &mut dst[ascii..]) };
    let (src, rest) = (&src[ascii + read..], &mut dst[ascii + written..]);
    // SAFETY: the caller's promises; the run ends at a character boundary.
    let done = unsafe {
        // (The stream redoes its last block: it pays from three blocks on.)
        if V::FROM_UTF8 && src.len() > 3 * BLOCK {
            convert_stream::<V, S, O, VALIDATE>(src, rest, reference, tail)
        } else {
            convert_blocks::<V, S, O, VALIDATE>(src, rest, reference, tail)
        }
    };
    match done {
        Ok(n) => Ok(ascii + written + n),
        Err(e) => Err(e.offset(ascii + read, ascii + written)),
    }
}

/// Converts `src` (1 to 63 bytes) as one zero-padded block by `V`'s wide
/// conversion, when it is valid (or not `VALIDATE`d), convertible and the output
/// has room; otherwise `None`, having written nothing.
///
/// # Safety
/// The CPU supports `V`; `V::FROM_UTF8`; without `VALIDATE`, `src` is valid UTF-8.
#[inline(always)]
pub(crate) unsafe fn convert_short<V: Wide, O: Output, const VALIDATE: bool>(
    src: &[u8],
    dst: &mut [O::Unit],
) -> Option<usize>
where
    O::Unit: Default,
{
    let bytes = V::load_short(src);
    if bytes.is_ascii() {
        if dst.len() < src.len() {
            return None;
        }
        // SAFETY: `dst` has room for a unit per byte.
        bytes.widen_short(src.len(), dst.as_mut_ptr(), O::BIG);
        return Some(src.len());
    }
    let mut block = [0u8; BLOCK];
    // SAFETY: `block` has BLOCK bytes.
    bytes.write_to(block.as_mut_ptr());
    // The zero after the input ends its last character, or shows it cut off.
    if VALIDATE && !O::SELF_CHECKING && !Checker::<V>::new().block_is_valid(block.as_ptr()) {
        return None;
    }
    // SAFETY: `block` has BLOCK readable bytes; exactly the units converted are
    // written, and only if `dst` has room for them.
    let out = dst.as_mut_ptr();
    let (read, written) = O::wide::<V>(block.as_ptr(), src.len(), out, Some(dst.len()))?;
    // (Fewer bytes read: only input that is not UTF-8, which the reference
    // converts again from the start.)
    if read != src.len() {
        return None;
    }
    Some(written)
}

/// The `BLOCK` bytes at `block` as `V` vectors: the first `BLOCK / V::LANES`
/// of the four, the others repeating them (the same loads, so that a test of
/// all four tests the block; [`Output::ascii_block`] writes the first ones).
///
/// # Safety
/// `block..block + BLOCK` is readable; the CPU supports `V`.
#[inline(always)]
unsafe fn load_block<V: ByteVector>(block: *const u8) -> [V; 4] {
    let n = BLOCK / V::LANES;
    // SAFETY: the caller's promise; `(k % n) * LANES + LANES <= BLOCK`.
    [0, 1, 2, 3].map(|k| V::load(block.add(k % n * V::LANES)))
}

/// The wide loop: fixed 64-byte blocks, each converting the characters whose last
/// byte is in it (the bytes before it, from the block before, come with the
/// carry), so that no block waits to learn where the one before stopped. Each
/// block is checked (by the checker, or by the Latin-1 conversion itself) before
/// it is converted; but a character whose last byte ends a block is checked only
/// with the next. So when a block fails, or the loop ends, [`convert_blocks`]
/// starts over from the last character boundary before the block before: from
/// there on, nothing has been trusted unchecked.
///
/// # Safety
/// The CPU supports `V` and `S`.
#[inline(always)]
unsafe fn convert_stream<V: Wide, S: Simd128, O: Output, const VALIDATE: bool>(
    src: &[u8],
    dst: &mut [O::Unit],
    reference: impl Fn(&[u8], &mut [O::Unit]) -> Result<usize, Utf8Error>,
    tail: impl Fn(&[u8], &mut [O::Unit]) -> Result<usize, Utf8Error>,
) -> Result<usize, Utf8Error>
where
    O::Unit: Default,
{
    let mut checker = Checker::<V>::new();
    let mut carry = Carry::<V>::start();
    let (mut pos, mut written) = (0, 0);
    // The start of the block before the current one, and the units written
    // before it.
    let mut safe = (0, 0);
    // In batches of blocks that the input and the room both allow (a block
    // reads BLOCK bytes and the one after, and writes at most BLOCK units,
    // touching SLACK more), so that a block tests one counter, not both
    // lengths.
    'batches: loop {
        let room = (dst.len() - written).saturating_sub(O::SLACK);
        let mut blocks = (src.len().saturating_sub(pos + 1) / BLOCK).min(room / BLOCK);
        if blocks == 0 {
            break;
        }
        while blocks > 0 {
            blocks -= 1;
            // SAFETY: `pos + BLOCK < src.len()`: the block and the byte after
            // it are in `src`; `written + BLOCK + SLACK <= dst.len()` (the
            // batch had room for its blocks, each using at most BLOCK units).
            let block = src.as_ptr().add(pos);
            let ascii = if VALIDATE && !O::SELF_CHECKING {
                let ascii = checker.block(block, pos > 0);
                if checker.has_error() {
                    break 'batches;
                }
                ascii
            } else {
                V::load(block).is_ascii()
            };
            let out = dst.as_mut_ptr().add(written);
            let n = if ascii {
                // (Latin-1 checks that no lead byte ended the block before.)
                if O::SELF_CHECKING && carry.leads >> 63 != 0 {
                    break 'batches;
                }
                O::ascii_block::<V>(load_block(block), out);
                carry = Carry {
                    bytes: V::load(block),
                    cont: 0,
                    leads: 0,
                };
                (safe, pos, written) = ((pos, written), pos + BLOCK, written + BLOCK);
                // More ASCII blocks need no check (the checker and the carry
                // are as good after any ASCII block) and no carry.
                while blocks > 0 {
                    let block = load_block::<V>(src.as_ptr().add(pos));
                    if !or4(block).is_ascii() {
                        break;
                    }
                    blocks -= 1;
                    O::ascii_block::<V>(block, dst.as_mut_ptr().add(written));
                    (safe, pos, written) = ((pos, written), pos + BLOCK, written + BLOCK);
                }
                continue;
            } else {
                let next_cont = is_continuation(src[pos + BLOCK]);
                match O::stream::<V>(block, next_cont, &mut carry, out) {
                    Some(n) => n,
                    None => break 'batches,
                }
            };
            safe = (pos, written);
            pos += BLOCK;
            written += n;
        }
    }
    // The boundary: after the last character (by the loop's rule: ASCII, or a
    // continuation byte not followed by one) that ends before the block; the
    // units written for those characters, less a high surrogate already written
    // for a 4-byte character cut after its third byte.
    let (block, mut written) = safe;
    let mut start = block;
    while start > 0 {
        let last = src[start - 1];
        if last < 0x80 || is_continuation(last) && !is_continuation(src[start]) {
            break;
        }
        start -= 1;
    }
    if O::SURROGATES && block - start == 3 && src[start] >= 0xF0 {
        written -= 1;
    }
    // SAFETY: the caller's promises.
    match unsafe {
        convert_blocks::<V, S, O, VALIDATE>(&src[start..], &mut dst[written..], reference, tail)
    } {
        Ok(n) => Ok(written + n),
        Err(e) => Err(e.offset(start, written)),
    }
}

/// Converts `src` to `O`'s units in `dst`: vector blocks while a whole block
/// remains and the output has room for a block, then the rest (from 16 bytes)
/// as one zero-padded block through a buffer; `tail` (the portable conversion)
/// for what is left. An invalid block ends the vector loop; blocks the output
/// cannot hold (Latin-1) go to `reference`. With `VALIDATE` false, `src` must be
/// valid UTF-8.
///
/// # Safety
/// The CPU supports `V` and `S`.
#[inline(always)]
unsafe fn convert_blocks<V: Wide, S: Simd128, O: Output, const VALIDATE: bool>(
    src: &[u8],
    dst: &mut [O::Unit],
    reference: impl Fn(&[u8], &mut [O::Unit]) -> Result<usize, Utf8Error>,
    tail: impl Fn(&[u8], &mut [O::Unit]) -> Result<usize, Utf8Error>,
) -> Result<usize, Utf8Error>
where
    O::Unit: Default,
{
    let (mut read, mut written) = (0, 0);
    let input = src.as_ptr();
    let output = dst.as_mut_ptr();
    let mut checker = Checker::<V>::new();
    let mut stopped = false;
    let run_reference = |read: usize, written: usize, len: usize, dst: &mut [O::Unit]| {
        reference(&src[read..read + len], &mut dst[written..]).map_err(|e| e.offset(read, written))
    };
    while src.len() - read >= BLOCK && dst.len() - written >= BLOCK + O::SLACK {
        // SAFETY: `read + BLOCK <= src.len()`, `written + BLOCK + SLACK <=
        // dst.len()`; `read` is a character boundary.
        let vectors = load_block::<V>(input.add(read));
        if or4(vectors).is_ascii() {
            // The common case, tested at the kernel's full width.
            O::ascii_block::<V>(vectors, output.add(written));
            read += BLOCK;
            written += BLOCK;
            // More ASCII blocks in a loop of their own, over the blocks that
            // the input and the room both hold, with one index for both sides
            // (two indices: 44 against 51 GB/s, SSE4.2 to UTF-16 on Zen 5).
            // To Latin-1, two blocks a test while two fit: one block a test
            // ran at 66 or 88 GB/s depending on where the loop landed, two at
            // 87 anywhere (to UTF-16, two ran at 48 against one's 51:
            // BENCHMARKS.md, twenty-fifth session).
            let room = (dst.len() - written).saturating_sub(O::SLACK);
            let end = ((src.len() - read) / BLOCK).min(room / BLOCK) * BLOCK;
            let (from, to) = (input.add(read), output.add(written));
            let mut k = 0;
            while size_of::<O::Unit>() == 1 && end - k >= 2 * BLOCK {
                // SAFETY: as below, for two blocks.
                let (first, second) = (
                    load_block::<V>(from.add(k)),
                    load_block::<V>(from.add(k + BLOCK)),
                );
                if !or4(first).or(or4(second)).is_ascii() {
                    break;
                }
                O::ascii_block::<V>(first, to.add(k));
                O::ascii_block::<V>(second, to.add(k + BLOCK));
                k += 2 * BLOCK;
            }
            while k < end {
                // SAFETY: `read + k + BLOCK <= src.len()`, `written + k +
                // BLOCK + SLACK <= dst.len()`.
                let vectors = load_block::<V>(from.add(k));
                if !or4(vectors).is_ascii() {
                    break;
                }
                O::ascii_block::<V>(vectors, to.add(k));
                k += BLOCK;
            }
            read += k;
            written += k;
            continue;
        }
        match step::<V, S, O, VALIDATE>(&mut checker, input.add(read), BLOCK, output.add(written)) {
            Step::Done(r, w) => (read, written) = (read + r, written + w),
            Step::Reference(len) => {
                written += run_reference(read, written, len, dst)?;
                read += len;
            }
            Step::Stop => {
                stopped = true;
                break;
            }
        }
    }
    // One step of `len` bytes at `block` through a buffer, its units copied
    // when the output holds them: whether it went through. (A macro, not a
    // closure: a closure would not inherit the kernel's target features, and
    // its vector code would not be inlined.)
    macro_rules! buffered {
        ($block:expr, $len:expr) => {{
            debug_assert!(O::SLACK <= 64);
            let mut buffer = [O::Unit::default(); BLOCK + 64];
            // SAFETY: the callers' promises: `len` bytes (at most BLOCK) at
            // `block`, from a character boundary; `buffer` has room for BLOCK
            // units and the overshoot.
            match step::<V, S, O, VALIDATE>(&mut checker, $block, $len, buffer.as_mut_ptr()) {
                Step::Done(r, w) if w <= dst.len() - written => {
                    dst[written..written + w].copy_from_slice(&buffer[..w]);
                    (read, written) = (read + r, written + w);
                    true
                }
                Step::Reference(len) => {
                    written += run_reference(read, written, len, dst)?;
                    read += len;
                    true
                }
                _ => false,
            }
        }};
    }
    // Whole blocks the output has room for, but not for a vector's overshoot
    // (an output sized exactly, near its end).
    while !stopped && src.len() - read >= BLOCK {
        // SAFETY: BLOCK bytes from `read` are in `src`.
        let block = input.add(read);
        if !buffered!(block, BLOCK) {
            break;
        }
    }
    let rest = src.len() - read;
    if V::FROM_UTF8 && (1..BLOCK).contains(&rest) {
        // SAFETY: the caller's promises; `read` is a character boundary.
        if let Some(n) = convert_short::<V, O, VALIDATE>(&src[read..], &mut dst[written..]) {
            return Ok(written + n);
        }
    } else if (16..BLOCK).contains(&rest) {
        let mut padded = [0u8; BLOCK];
        padded[..rest].copy_from_slice(&src[read..]);
        buffered!(padded.as_ptr(), rest);
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
