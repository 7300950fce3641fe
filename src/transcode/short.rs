//! The free functions' path for short input: plain loops over the characters,
//! called directly. Below a few dozen bytes the dispatcher's indirect call and a
//! vector kernel's set-up cost more than the conversion itself.
//!
//! These loops handle valid input with a worst-case output slice; anything else
//! (an invalid character, a shorter output) goes to the portable conversion (the
//! kernels' own exact tail) or, for Latin-1 and UTF-32 to UTF-8, to the active
//! kernel, so the answers and errors do not change. The UTF-16 to UTF-8 loop
//! lives in `generic::portable` (`utf16_to_utf8_with_room`), which the vector
//! kernels' last units share. The `Transcoder`'s lane for short UTF-8 pieces to
//! UTF-16LE (`utf8_to_utf16le_bytes`) is the UTF-8 to UTF-16 path here, into
//! bytes.

use crate::arch::dfa::short_is_ascii;
use crate::error::{OutputTooSmall, Utf16Error, Utf32Error, Utf8Error};
use crate::generic::portable;
use crate::ByteOrder;

/// UTF-8 input of at most this many bytes takes the short path.
pub(crate) const UTF8_BYTES: usize = 16;

/// UTF-16 input of at most this many units takes the short path.
pub(crate) const UTF16_UNITS: usize = 8;

/// UTF-16 input of more than [`UTF16_UNITS`] and at most this many units that
/// is not all ASCII goes by the character loop out of line, where the active
/// kernel has no exact short step (SSE4.2, AVX2, NEON): those run a whole
/// 16-unit step over the units and zeros, ~230 instructions. Zen 5, AVX2,
/// mixed strings of 16 UTF-8 bytes: 0.84x -> 1.10x std (rdtsc, best of 300
/// rounds of 1000 strings), 0.84 -> 1.63 GiB/s in criterion. AVX-512's
/// masked step stays (as fast on learned branches, none to mispredict). The
/// inlined loop stays at [`UTF16_UNITS`]: taking 12 units there slowed
/// strings of one unit from 1.96 to 1.38 GiB/s.
pub(crate) const UTF16_LOOP_UNITS: usize = 12;

/// Latin-1 or UTF-32 input of at most this many units takes the short path
/// to UTF-8 (below it, the dispatch and a kernel's entry cost two to four
/// times std's loop: AVX2 and AVX-512, Zen 5).
pub(crate) const TO_UTF8_UNITS: usize = 8;

/// The characters of UTF-8 `src` passed to `emit` one at a time, or false at
/// the first invalid one.
#[inline(always)]
fn each_char(src: &[u8], mut emit: impl FnMut(u32)) -> bool {
    let mut i = 0;
    while i < src.len() {
        let b = src[i];
        if b < 0x80 {
            emit(b as u32);
            i += 1;
            continue;
        }
        let Some((c, len)) = portable::decode_utf8(&src[i..]) else {
            return false;
        };
        emit(c);
        i += len;
    }
    true
}

/// ASCII `src` (at most [`UTF8_BYTES`]) widened to UTF-16 units in byte order
/// `order`: the units written, or `None` when a byte is not ASCII, `src` is
/// longer, or `dst` is shorter than `src`.
#[inline(always)]
pub(crate) fn ascii_to_utf16(src: &[u8], dst: &mut [u16], order: ByteOrder) -> Option<usize> {
    let out = dst.get_mut(..src.len())?;
    if src.len() > UTF8_BYTES || !short_is_ascii(src) {
        return None;
    }
    // SAFETY: the units' own memory, `2 * src.len()` bytes; a byte has no
    // alignment, and any bytes written make valid units.
    let bytes = unsafe { core::slice::from_raw_parts_mut(out.as_mut_ptr().cast(), 2 * out.len()) };
    widen_ascii(src, bytes, order);
    Some(src.len())
}

/// [`ascii_to_utf16`] into the bytes of `dst`, in any alignment: the bytes
/// written, or `None` when a byte is not ASCII, `src` is longer than
/// [`UTF8_BYTES`], or `dst` has fewer than `2 * UTF8_BYTES` bytes (the room of
/// the longest, so that a caller's loop over pieces with the same `dst` tests
/// it once). The `Transcoder`'s lane for short ASCII pieces to UTF-16LE.
#[inline(always)]
pub(crate) fn ascii_to_utf16_bytes(src: &[u8], dst: &mut [u8], order: ByteOrder) -> Option<usize> {
    if dst.len() < 2 * UTF8_BYTES || src.len() > UTF8_BYTES || !short_is_ascii(src) {
        return None;
    }
    widen_ascii(src, &mut dst[..2 * src.len()], order);
    Some(2 * src.len())
}

/// The ASCII bytes of `src` (at most [`UTF8_BYTES`]) as UTF-16 units in byte
/// order `order` into `out` (two bytes a unit), without a loop: the first and
/// the last eight bytes (four from 4 to 7, each byte's place from 1 to 3)
/// widened and written, the second write over part of the first. Two loads,
/// two widenings and two stores for a 16-byte piece, where a loop over the
/// units took a branch per four of them and a test of `out` against `src`.
#[inline(always)]
fn widen_ascii(src: &[u8], out: &mut [u8], order: ByteOrder) {
    let n = src.len();
    // Never true for the callers; the test lets the compiler drop the bounds
    // tests below.
    if out.len() != 2 * n || n > UTF8_BYTES {
        return;
    }
    if n >= 8 {
        let (head, tail) = (read_le::<8>(src, 0), read_le::<8>(src, n - 8));
        store_widened::<8>(head, out, 0, order);
        store_widened::<8>(tail, out, n - 8, order);
    } else if n >= 4 {
        let (head, tail) = (read_le::<4>(src, 0), read_le::<4>(src, n - 4));
        store_widened::<4>(head, out, 0, order);
        store_widened::<4>(tail, out, n - 4, order);
    } else if n > 0 {
        // 1 to 3 bytes: places 0, n / 2 and n - 1 cover them all.
        for i in [0, n / 2, n - 1] {
            let unit = order.write_u16(src[i] as u16).to_ne_bytes();
            out[2 * i..2 * i + 2].copy_from_slice(&unit);
        }
    }
}

/// The `N` (4 or 8) bytes of `src` from `at`, the first lowest.
#[inline(always)]
fn read_le<const N: usize>(src: &[u8], at: usize) -> u64 {
    let mut bytes = [0u8; 8];
    bytes[..N].copy_from_slice(&src[at..at + N]);
    u64::from_le_bytes(bytes)
}

/// The `N` (4 or 8) ASCII bytes of `bytes` (the first lowest) written as
/// units in byte order `order` to the bytes of units `at..at + N` of `out`.
#[inline(always)]
fn store_widened<const N: usize>(bytes: u64, out: &mut [u8], at: usize, order: ByteOrder) {
    let out = &mut out[2 * at..2 * (at + N)];
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of x86-64; `out` has `2 * N` bytes, and the store
    // writes 2 * N bytes (16 for N = 8, 8 for N = 4) at its start.
    unsafe {
        use core::arch::x86_64::*;
        // A big-endian unit has its byte high in the unit as read in memory
        // order: the words shifted up by 8, no branch.
        let shift = match order {
            ByteOrder::Little => 0,
            ByteOrder::Big => 8,
        };
        let units = _mm_unpacklo_epi8(_mm_cvtsi64_si128(bytes as i64), _mm_setzero_si128());
        let units = _mm_sll_epi16(units, _mm_cvtsi32_si128(shift));
        if N == 8 {
            _mm_storeu_si128(out.as_mut_ptr().cast(), units);
        } else {
            _mm_storel_epi64(out.as_mut_ptr().cast(), units);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    for (i, pair) in out.chunks_exact_mut(2).enumerate() {
        let unit = order.write_u16((bytes >> (8 * i)) as u8 as u16);
        pair.copy_from_slice(&unit.to_ne_bytes());
    }
}

/// Valid UTF-8 `src` (at most [`UTF8_BYTES`]) to UTF-16LE in the bytes of
/// `dst`, inline, as the free function converts it: the bytes written, or
/// `None` when `src` is longer or invalid, or `dst` has fewer than
/// `2 * UTF8_BYTES` bytes (the room of the longest, tested once by a caller's
/// loop over pieces with the same `dst`) or, for text that is not ASCII, is not
/// aligned for units. The `Transcoder`'s lane for short pieces to UTF-16LE.
#[inline(always)]
pub(crate) fn utf8_to_utf16le_bytes(src: &[u8], dst: &mut [u8]) -> Option<usize> {
    if let Some(n) = ascii_to_utf16_bytes(src, dst, ByteOrder::Little) {
        return Some(n);
    }
    if src.len() > UTF8_BYTES || dst.len() < 2 * UTF8_BYTES || dst.as_ptr() as usize & 1 != 0 {
        return None;
    }
    // SAFETY: `dst` is aligned for units and has room for `UTF8_BYTES` of
    // them; any u16 written is bytes.
    let units: &mut [u16] =
        unsafe { core::slice::from_raw_parts_mut(dst.as_mut_ptr().cast(), UTF8_BYTES) };
    Some(2 * chars_to_utf16(src, units, ByteOrder::Little)?)
}

/// Valid UTF-8 `src` (at most [`UTF8_BYTES`]) to UTF-16 in byte order
/// `order`, without dispatch: the units written, or `None` when `src` is
/// invalid or `dst` is shorter than `src` (then [`utf8_to_utf16_rest`]).
#[inline(always)]
pub(crate) fn utf8_to_utf16_valid(src: &[u8], dst: &mut [u16], order: ByteOrder) -> Option<usize> {
    if let Some(n) = ascii_to_utf16(src, dst, order) {
        return Some(n);
    }
    chars_to_utf16(src, dst, order)
}

/// [`utf8_to_utf16_valid`] without its ASCII test: the character loop.
#[inline(always)]
fn chars_to_utf16(src: &[u8], dst: &mut [u16], order: ByteOrder) -> Option<usize> {
    // A unit per byte at most: room for any valid input.
    let out = dst.get_mut(..src.len())?;
    let mut n = 0;
    let valid = each_char(src, |c| {
        if c < 0x10000 {
            out[n] = order.write_u16(c as u16);
            n += 1;
        } else {
            n += portable::encode_utf16(c, &mut out[n..], order).unwrap_or(0);
        }
    });
    valid.then_some(n)
}

/// [`utf8_to_utf16_valid`]'s character loop out of line: for short input that
/// is not all ASCII where the caller inlines only the ASCII test (the
/// `Transcoder`'s short pieces outside its UTF-16LE lane), so that its own
/// body stays small. One loop per byte order, as the free function's inlined
/// loop has its order fixed.
#[inline(never)]
pub(crate) fn utf8_to_utf16_outlined(
    src: &[u8],
    dst: &mut [u16],
    order: ByteOrder,
) -> Option<usize> {
    match order {
        ByteOrder::Little => chars_to_utf16(src, dst, ByteOrder::Little),
        ByteOrder::Big => chars_to_utf16(src, dst, ByteOrder::Big),
    }
}

/// The free function `utf8::to_utf16` for what [`utf8_to_utf16_valid`] does
/// not take: short input through the portable conversion (for its exact
/// error or a short `dst`), longer input through the active kernel (under 64
/// bytes by its small entry, `utf8_to_utf16_short`). Out of line, so that the short path stays small where it is inlined (inlined
/// whole, the fallback's registers cost a frame on every call: one 2-byte
/// character took as long as std's, 3.7 against 3.5 ns, Zen 5).
#[inline(never)]
pub(crate) fn utf8_to_utf16_rest(
    src: &[u8],
    dst: &mut [u16],
    order: ByteOrder,
) -> Result<usize, Utf8Error> {
    if src.len() <= UTF8_BYTES {
        return portable::utf8_to_utf16(src, dst, order);
    }
    utf8_to_utf16_kernel(&crate::dispatch::dispatching(), src, dst, order)
}

/// UTF-8 to UTF-16 by `engine`'s kernel, out of line: a string of fewer than
/// 64 bytes by the kernel's small entry (`utf8_to_utf16_short`), a longer one
/// by its main entry. Both [`utf8_to_utf16_rest`] and the `Transcoder`'s
/// whole pieces call it (16-byte pieces of Chinese text cut at character
/// boundaries are 17 or 18 bytes long two times in three); one call where
/// the `Transcoder` inlines it, so that its inlined body stays small.
#[inline(never)]
pub(crate) fn utf8_to_utf16_kernel(
    engine: &crate::Engine,
    src: &[u8],
    dst: &mut [u16],
    order: ByteOrder,
) -> Result<usize, Utf8Error> {
    let ops = engine.ops();
    if src.len() < 64 {
        return ops.utf8_to_utf16_short(src, dst, order);
    }
    ops.utf8_to_utf16(src, dst, order)
}

/// Valid UTF-8 `src` (at most [`UTF8_BYTES`]) to UTF-32 without dispatch:
/// the values written, or `None` when `src` is invalid or `dst` is shorter
/// than `src` (then [`utf8_to_utf32_rest`]).
#[inline(always)]
pub(crate) fn utf8_to_utf32_valid(src: &[u8], dst: &mut [u32]) -> Option<usize> {
    let out = dst.get_mut(..src.len())?;
    let mut n = 0;
    let valid = each_char(src, |c| {
        out[n] = c;
        n += 1;
    });
    valid.then_some(n)
}

/// The free function `utf8::to_utf32` for what [`utf8_to_utf32_valid`] does
/// not take, as [`utf8_to_utf16_rest`].
#[inline(never)]
pub(crate) fn utf8_to_utf32_rest(src: &[u8], dst: &mut [u32]) -> Result<usize, Utf8Error> {
    if src.len() <= UTF8_BYTES {
        return portable::utf8_to_utf32(src, dst);
    }
    crate::dispatch::dispatching().utf8_to_utf32(src, dst)
}

/// ASCII UTF-16 input of 1 to 8 units (in byte order `order`) narrowed to
/// `dst` without a loop: two overlapping reads of two (up to 3 units) or four
/// units (4 to 8) as one integer each, one test of them both, each narrowed by
/// shifts and written (the second write overlapping the first): the bytes
/// written, or `None` when a unit is not ASCII, `src` is empty or longer, or
/// `dst` is shorter than `src`. Small enough to go before the character loop
/// where that is inlined; a first unit that is not ASCII skips it at once.
#[inline(always)]
pub(crate) fn utf16_ascii_to_utf8_up_to_8(
    src: &[u16],
    dst: &mut [u8],
    order: ByteOrder,
) -> Option<usize> {
    let n = src.len();
    if !(1..=8).contains(&n) || dst.len() < n {
        return None;
    }
    // Only when the first unit is ASCII: text that starts otherwise goes
    // straight to the character loop.
    let first = order.read_u16(src[0]);
    if first >= 0x80 {
        return None;
    }
    if n == 1 {
        dst[0] = first as u8;
        return Some(1);
    }
    // The units as read from memory, in little-endian order: a big-endian
    // unit has its byte high, so it is shifted down by 8 after the test.
    let (shift, lanes) = match order {
        ByteOrder::Little => (0, 0xFF80_FF80_FF80_FF80u64),
        ByteOrder::Big => (8, 0x80FF_80FF_80FF_80FFu64),
    };
    let (p, out) = (src.as_ptr(), dst.as_mut_ptr());
    if n >= 4 {
        // SAFETY: 4 <= n <= src.len(): units 0..4 and n-4..n are in `src`.
        let (head, tail) = unsafe {
            (
                u64::from_le(p.cast::<u64>().read_unaligned()),
                u64::from_le(p.add(n - 4).cast::<u64>().read_unaligned()),
            )
        };
        if (head | tail) & lanes != 0 {
            return None;
        }
        // The byte of each unit moved down next to the one before.
        let narrow = |w: u64| {
            let w = w >> shift;
            let w = (w | w >> 8) & 0x0000_FFFF_0000_FFFF;
            ((w | w >> 16) as u32).to_le()
        };
        // SAFETY: n <= dst.len(): bytes 0..4 and n-4..n are in `dst`.
        unsafe {
            out.add(n - 4).cast::<u32>().write_unaligned(narrow(tail));
            out.cast::<u32>().write_unaligned(narrow(head));
        }
    } else {
        // SAFETY: 2 <= n <= src.len(): units 0..2 and n-2..n are in `src`.
        let (head, tail) = unsafe {
            (
                u32::from_le(p.cast::<u32>().read_unaligned()),
                u32::from_le(p.add(n - 2).cast::<u32>().read_unaligned()),
            )
        };
        if (head | tail) & lanes as u32 != 0 {
            return None;
        }
        let narrow = |w: u32| {
            let w = w >> shift;
            ((w | w >> 8) as u16).to_le()
        };
        // SAFETY: n <= dst.len(): bytes 0..2 and n-2..n are in `dst`.
        unsafe {
            out.add(n - 2).cast::<u16>().write_unaligned(narrow(tail));
            out.cast::<u16>().write_unaligned(narrow(head));
        }
    }
    Some(n)
}

/// ASCII UTF-16 input of 9 to 64 units (in byte order `order`) narrowed to
/// `dst` in chunks of eight units at fixed places (four up to 32 units, eight
/// up to 64; the last ones moved back to end with the input, overlapping),
/// without a loop: the bytes written, or `None` when a unit is not ASCII or
/// `dst` is shorter than `src`. The chunks compile to a few 128-bit loads, ORs
/// and packs: identifiers, keys and short messages, the most common strings a
/// JavaScript, Java or .NET program writes out, then cost no kernel call.
/// (Called from the free function's out-of-line part: inlined into the caller
/// it slowed the character loop of strings under nine units by 10-40%.)
#[inline(always)]
pub(crate) fn utf16_ascii_to_utf8(src: &[u16], dst: &mut [u8], order: ByteOrder) -> Option<usize> {
    if src.len() <= 4 * CHUNK {
        ascii_chunks::<4>(src, dst, order)
    } else {
        ascii_chunks::<8>(src, dst, order)
    }
}

/// Units a chunk of [`ascii_chunks`].
const CHUNK: usize = 8;

/// [`utf16_ascii_to_utf8`] with `K` chunks, for 9 to `K * CHUNK` units.
#[inline(always)]
fn ascii_chunks<const K: usize>(src: &[u16], dst: &mut [u8], order: ByteOrder) -> Option<usize> {
    let n = src.len();
    if !(CHUNK + 1..=K * CHUNK).contains(&n) || dst.len() < n {
        return None;
    }
    let place = |k: usize| (CHUNK * k).min(n - CHUNK);
    let chunks: [[u16; CHUNK]; K] = core::array::from_fn(|k| {
        let at = place(k);
        src[at..at + CHUNK].try_into().unwrap_or([0; CHUNK])
    });
    // Swapping bytes commutes with OR: one read of the OR tests every unit.
    let all = chunks.iter().flatten().fold(0, |all, &u| all | u);
    if order.read_u16(all) >= 0x80 {
        return None;
    }
    for (k, units) in chunks.iter().enumerate() {
        let at = place(k);
        dst[at..at + CHUNK].copy_from_slice(&narrow_ascii(units, order));
    }
    Some(n)
}

/// Eight ASCII units in byte order `order` as their eight bytes: one SSE2 pack
/// on x86-64 (the compiler assembles the bytes one by one otherwise), two
/// 64-bit words folded elsewhere.
#[inline(always)]
fn narrow_ascii(units: &[u16; 8], order: ByteOrder) -> [u8; 8] {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::*;
        let mut bytes = [0u8; 8];
        // SAFETY: SSE2 is part of x86-64; the load reads the 16 bytes of
        // `units`, the store writes the 8 of `bytes`.
        unsafe {
            let v = _mm_loadu_si128(units.as_ptr().cast());
            // Big-endian units hold the byte in their high half.
            let v = match order {
                ByteOrder::Little => v,
                ByteOrder::Big => _mm_srli_epi16::<8>(v),
            };
            _mm_storel_epi64(bytes.as_mut_ptr().cast(), _mm_packus_epi16(v, v));
        }
        bytes
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        // Four units a word, each byte moved down next to the one before.
        let fold = |four: &[u16]| -> u32 {
            let mut w = four
                .iter()
                .rev()
                .fold(0u64, |w, &u| w << 16 | order.read_u16(u) as u64);
            w |= w >> 8;
            (w & 0xFFFF | w >> 16 & 0xFFFF_0000) as u32
        };
        let mut bytes = [0u8; 8];
        bytes[..4].copy_from_slice(&fold(&units[..4]).to_le_bytes());
        bytes[4..].copy_from_slice(&fold(&units[4..]).to_le_bytes());
        bytes
    }
}

/// The free function `utf16::to_utf8` for what
/// [`portable::utf16_to_utf8_with_room`] does not take:
/// ASCII of up to 64 units narrowed here, other longer input through the
/// active kernel, short input the short loop declined through the portable
/// conversion (for its exact error). Out of line, so that
/// the short loop stays small where it is inlined.
#[inline(never)]
pub(crate) fn utf16_to_utf8_rest(
    src: &[u16],
    dst: &mut [u8],
    order: ByteOrder,
) -> Result<usize, Utf16Error> {
    if src.len() <= UTF16_UNITS {
        return portable::utf16_to_utf8_outlined(src, dst, order);
    }
    if let Some(written) = utf16_ascii_to_utf8(src, dst, order) {
        return Ok(written);
    }
    let engine = crate::dispatch::dispatching();
    if src.len() <= UTF16_LOOP_UNITS && !engine.short_steps_to_utf8() {
        if let Some(written) = portable::utf16_to_utf8_with_room(src, dst, order) {
            return Ok(written);
        }
    }
    engine.utf16_to_utf8(src, dst, order)
}

/// Latin-1 to UTF-8 without dispatch for input of up to [`TO_UTF8_UNITS`]
/// bytes with room for two bytes a byte; anything else through the active
/// kernel (out of line, so that this stays small where it is inlined).
#[inline(always)]
pub(crate) fn latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> Result<usize, OutputTooSmall> {
    if src.len() <= TO_UTF8_UNITS {
        if let Some(out) = dst.get_mut(..2 * src.len()) {
            let mut n = 0;
            for &b in src {
                // Two bytes a byte at most: `out` has room for every one.
                // (Both bytes written and the second kept above 0x7F, without
                // a branch: twice as slow, a chain through `n`.)
                n += portable::encode_utf8(b as u32, &mut out[n..]).unwrap_or(0);
            }
            return Ok(n);
        }
    }
    latin1_to_utf8_rest(src, dst)
}

#[inline(never)]
fn latin1_to_utf8_rest(src: &[u8], dst: &mut [u8]) -> Result<usize, OutputTooSmall> {
    crate::dispatch::dispatching().latin1_to_utf8(src, dst)
}

/// UTF-32 to UTF-8 without dispatch for input of up to [`TO_UTF8_UNITS`]
/// values, all Unicode scalar values, with room for four bytes a value;
/// anything else (an invalid value: for its exact error) through the active
/// kernel, out of line.
#[inline(always)]
pub(crate) fn utf32_to_utf8(src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error> {
    if src.len() <= TO_UTF8_UNITS {
        if let Some(out) = dst.get_mut(..4 * src.len()) {
            let mut n = 0;
            let valid = src.iter().all(|&v| match portable::decode_utf32(&[v]) {
                // Four bytes a value at most: `out` has room for every one.
                Some((c, _)) => {
                    n += portable::encode_utf8(c, &mut out[n..]).unwrap_or(0);
                    true
                }
                None => false,
            });
            if valid {
                return Ok(n);
            }
        }
    }
    utf32_to_utf8_rest(src, dst)
}

#[inline(never)]
fn utf32_to_utf8_rest(src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error> {
    crate::dispatch::dispatching().utf32_to_utf8(src, dst)
}
