//! UTF-16 ⇄ UTF-32 a whole chunk at a time, for the chunks of `portable`'s
//! `chunked!` loop that hold no surrogate pair (every unit one character): each
//! unit widened to a `u32` value, or each value narrowed to a unit, while the
//! chunk is tested for a unit or value that is no character of its own. The
//! scalar kernel maps unit by unit ([`Scalar`], a loop the compiler vectorises);
//! every vector kernel converts a full-width vector at a time (the blanket
//! implementation over [`ByteVector`]).

use super::vector_traits::{unit_mask32, ByteVector};

/// Units per chunk: `portable`'s `chunked!` converts this many at once.
pub(crate) const CHUNK: usize = 64;

/// The bits of a `u32` value above 0xFFFF.
static ABOVE_BMP: [u8; 16] = unit_mask32(0xFFFF_0000);

/// Added to a unit (wrapping), this makes a surrogate (0xD800-0xDFFF) a value
/// below 0x800 and any other unit one at or above it: a running minimum of the
/// shifted units (two instructions a vector) tells whether any was a surrogate.
const FROM_SURROGATES: u16 = 0x2800;

/// Whether a lane of `least`, a running minimum of units shifted by
/// [`FROM_SURROGATES`], comes from a surrogate.
///
/// # Safety
/// The CPU supports `V`.
#[inline(always)]
unsafe fn has_surrogate<V: ByteVector>(least: V) -> bool {
    // SAFETY: the caller's promise.
    unsafe {
        least
            .add_units(FROM_SURROGATES.wrapping_neg())
            .any_surrogate_unit()
    }
}

/// Whole-chunk conversions between UTF-16 and UTF-32.
///
/// # Safety
/// Implementations write only into `out`; each returns true only when it wrote
/// every unit of `out` as the reference would.
pub(crate) unsafe trait UnitChunks {
    /// Whether the output is first brought to a 64-byte boundary (the first
    /// chunk converted where it stands, then the chunks from the boundary), so
    /// that no vector store straddles two cache lines: a third faster on
    /// misaligned output.
    const ALIGN: bool;

    /// The [`CHUNK`] UTF-16 units of `chunk` (big-endian with `BIG`) as UTF-32
    /// values into `out` when none is a surrogate: true. False otherwise (what
    /// `out` holds then is scratch).
    ///
    /// # Safety
    /// The CPU supports the implementation's instruction set.
    unsafe fn utf16_to_utf32<const BIG: bool>(chunk: &[u16; CHUNK], out: &mut [u32; CHUNK])
        -> bool;

    /// The [`CHUNK`] UTF-32 values of `chunk` as UTF-16 units into `out`
    /// (big-endian with `BIG`) when every one is a character below U+10000 that
    /// is no surrogate: true. False otherwise (`out` is then scratch).
    ///
    /// # Safety
    /// As above.
    unsafe fn utf32_to_utf16<const BIG: bool>(chunk: &[u32; CHUNK], out: &mut [u16; CHUNK])
        -> bool;
}

/// A chunk converted unit by unit as `map(unit)` while `plain(unit)` is
/// tested for every unit (no early exit, so that the loop vectorises): whether
/// all were plain.
#[inline(always)]
pub(crate) fn mapped<U: Copy, T>(
    chunk: &[U; CHUNK],
    out: &mut [T; CHUNK],
    plain: impl Fn(U) -> bool,
    map: impl Fn(U) -> T,
) -> bool {
    let mut all = true;
    for (o, &u) in out.iter_mut().zip(chunk) {
        *o = map(u);
        all &= plain(u);
    }
    all
}

/// The scalar kernel's chunks: a unit at a time, with no early exit.
pub(crate) struct Scalar;

// SAFETY: safe code writing into `out` only.
unsafe impl UnitChunks for Scalar {
    const ALIGN: bool = false;

    #[inline(always)]
    unsafe fn utf16_to_utf32<const BIG: bool>(
        chunk: &[u16; CHUNK],
        out: &mut [u32; CHUNK],
    ) -> bool {
        let unit = |u: u16| {
            if BIG {
                u16::from_be(u)
            } else {
                u16::from_le(u)
            }
        };
        mapped(
            chunk,
            out,
            |u| unit(u) & 0xF800 != 0xD800,
            |u| u32::from(unit(u)),
        )
    }

    #[inline(always)]
    unsafe fn utf32_to_utf16<const BIG: bool>(
        chunk: &[u32; CHUNK],
        out: &mut [u16; CHUNK],
    ) -> bool {
        mapped(
            chunk,
            out,
            |v| v < 0x1_0000 && v & 0xF800 != 0xD800,
            |v| {
                if BIG {
                    (v as u16).to_be()
                } else {
                    (v as u16).to_le()
                }
            },
        )
    }
}

// SAFETY: the loads and stores stay within `chunk` and `out` (`CHUNK` units of
// 2 or 4 bytes each, `LANES` bytes a vector: 16, 32 or 64, which divide them).
unsafe impl<V: ByteVector> UnitChunks for V {
    const ALIGN: bool = true;

    #[inline(always)]
    unsafe fn utf16_to_utf32<const BIG: bool>(
        chunk: &[u16; CHUNK],
        out: &mut [u32; CHUNK],
    ) -> bool {
        let (from, to) = (chunk.as_ptr().cast::<u8>(), out.as_mut_ptr().cast::<u8>());
        // SAFETY: vector k reads bytes LANES * k.. of the chunk's 2 * CHUNK and
        // writes 2 * LANES * k.. of the output's 4 * CHUNK; the caller's promise.
        unsafe {
            let mut least = V::splat(0xFF);
            for k in 0..2 * CHUNK / V::LANES {
                let units = V::load(from.add(k * V::LANES));
                let units = if BIG { units.swap_units() } else { units };
                least = least.min_units(units.add_units(FROM_SURROGATES));
                units.widen_units_u32(to.add(2 * k * V::LANES));
            }
            !has_surrogate(least)
        }
    }

    #[inline(always)]
    unsafe fn utf32_to_utf16<const BIG: bool>(
        chunk: &[u32; CHUNK],
        out: &mut [u16; CHUNK],
    ) -> bool {
        let (from, to) = (chunk.as_ptr().cast::<u8>(), out.as_mut_ptr().cast::<u8>());
        // SAFETY: step k reads bytes 2 * LANES * k.. (two vectors) of the chunk's
        // 4 * CHUNK and writes LANES * k.. of the output's 2 * CHUNK; the
        // caller's promise.
        unsafe {
            // The values are packed with saturation: one above 0xFFFF shows in
            // the OR of all, a surrogate in the packed units.
            let (mut all, mut least) = (V::splat(0), V::splat(0xFF));
            for k in 0..2 * CHUNK / V::LANES {
                let low = V::load(from.add(2 * k * V::LANES));
                let high = V::load(from.add((2 * k + 1) * V::LANES));
                all = all.or(low).or(high);
                let units = low.pack_u32_units(high);
                least = least.min_units(units.add_units(FROM_SURROGATES));
                let units = if BIG { units.swap_units() } else { units };
                units.write_to(to.add(k * V::LANES));
            }
            !all.and(V::table16(&ABOVE_BMP)).any_nonzero() && !has_surrogate(least)
        }
    }
}

/// How many units of `out` come before its first 64-byte boundary, when `C`
/// aligns its output (else none).
#[inline(always)]
pub(crate) fn aligned_head<C: UnitChunks, T>(out: &[T]) -> usize {
    let misaligned = out.as_ptr() as usize % 64;
    if !C::ALIGN || misaligned == 0 {
        return 0;
    }
    (64 - misaligned) / core::mem::size_of::<T>()
}
