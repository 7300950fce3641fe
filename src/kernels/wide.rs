//! Block conversions that only some instruction sets do well: AVX-512 with VBMI2
//! has byte- and word-granular *compress* instructions, which move the selected
//! elements of a 64-byte register to its front in one step, where the narrower
//! sets need a shuffle from a table for every eight elements. [`Wide`] is the hook:
//! the generic algorithms ask it first, and go on with their own 128-bit code when
//! it declines (every method's default, for every vector type but `__m512i`).

use crate::simd::ByteVector;

/// Optional block conversions for the vector type `Self`.
///
/// # Safety
/// Implementations use only the instructions of their vector type's kernel. Every
/// method requires that the CPU supports them and that the pointers are valid for
/// the reads and writes the method names.
pub(crate) unsafe trait Wide: ByteVector {
    /// Input units a call to one of the `*_to_utf8` methods may read (0: it has
    /// none); it converts at most that many.
    const UNITS: usize = 0;

    /// Output bytes those methods may touch (whatever they report as written).
    const ROOM: usize = 0;

    /// Converts UTF-16 units at `src` (big-endian with `BIG`) to UTF-8 at `dst`:
    /// up to [`Wide::UNITS`], stopping before a part that holds a surrogate;
    /// returns the units read and bytes written, or `None` (having written
    /// nothing that counts) when the first part holds one.
    ///
    /// # Safety
    /// `src..src + UNITS` is readable, `dst..dst + ROOM` writable.
    #[inline(always)]
    unsafe fn utf16_to_utf8<const BIG: bool>(
        src: *const u16,
        dst: *mut u8,
    ) -> Option<(usize, usize)> {
        let _ = (src, dst);
        None
    }

    /// As [`Wide::utf16_to_utf8`] for UTF-32: `None` when a value is above
    /// U+FFFF or a surrogate.
    ///
    /// # Safety
    /// `src..src + UNITS` is readable, `dst..dst + ROOM` writable.
    #[inline(always)]
    unsafe fn utf32_to_utf8(src: *const u32, dst: *mut u8) -> Option<(usize, usize)> {
        let _ = (src, dst);
        None
    }

    /// As [`Wide::utf16_to_utf8`] for Latin-1 (never `None` where implemented).
    ///
    /// # Safety
    /// `src..src + UNITS` is readable, `dst..dst + ROOM` writable.
    #[inline(always)]
    unsafe fn latin1_to_utf8(src: *const u8, dst: *mut u8) -> Option<(usize, usize)> {
        let _ = (src, dst);
        None
    }
}

cfg_if::cfg_if! {
    if #[cfg(any(target_arch = "x86", target_arch = "x86_64"))] {
        #[cfg(target_arch = "x86")]
        use core::arch::x86::{__m128i, __m256i};
        #[cfg(target_arch = "x86_64")]
        use core::arch::x86_64::{__m128i, __m256i};
        // SAFETY: the defaults use no instructions.
        unsafe impl Wide for __m128i {}
        // SAFETY: as above.
        unsafe impl Wide for __m256i {}
    } else if #[cfg(target_arch = "aarch64")] {
        // SAFETY: as above.
        unsafe impl Wide for core::arch::aarch64::uint8x16_t {}
    }
}

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use core::arch::x86_64::*;

    use super::Wide;

    /// Splats a `u16`.
    #[inline(always)]
    unsafe fn w16(v: u16) -> __m512i {
        _mm512_set1_epi16(v as i16)
    }

    /// Splats a `u32`.
    #[inline(always)]
    unsafe fn w32(v: u32) -> __m512i {
        _mm512_set1_epi32(v as i32)
    }

    /// The bits of `bits` placed at the set bits of `positions`.
    #[inline(always)]
    unsafe fn deposit(bits: u64, positions: u64) -> u64 {
        _pdep_u64(bits, positions)
    }

    /// UTF-8 of the 32 `u16` lanes of `units` (code points up to U+FFFF, no
    /// surrogates) at `dst`; returns the bytes written. Touches up to 112 bytes.
    ///
    /// ASCII lanes are narrowed; if every lane is below U+0800, each becomes
    /// `[lead or ASCII, continuation]` and a compress keeps the second byte only
    /// where it belongs; otherwise each half of 16 lanes is widened to `u32` lanes
    /// of `[lead, continuation, continuation, 0]` and compressed to one, two or
    /// three bytes per lane.
    #[inline(always)]
    unsafe fn encode_units(units: __m512i, dst: *mut u8) -> usize {
        let ascii = _mm512_cmplt_epu16_mask(units, w16(0x80));
        // SAFETY (stores): the caller's promise of 112 writable bytes.
        if ascii == u32::MAX {
            _mm256_storeu_si256(dst.cast(), _mm512_cvtepi16_epi8(units));
            return 32;
        }
        let short = _mm512_cmplt_epu16_mask(units, w16(0x800));
        if short == u32::MAX {
            let two_lead = _mm512_or_si512(_mm512_srli_epi16::<6>(units), w16(0xC0));
            let lead = _mm512_mask_blend_epi16(ascii, two_lead, units);
            let low6 = _mm512_or_si512(_mm512_and_si512(units, w16(0x3F)), w16(0x80));
            let pairs = _mm512_or_si512(lead, _mm512_slli_epi16::<8>(low6));
            let keep = 0x5555_5555_5555_5555 | deposit(!ascii as u64, 0xAAAA_AAAA_AAAA_AAAA);
            _mm512_storeu_si512(dst.cast(), _mm512_maskz_compress_epi8(keep, pairs));
            return keep.count_ones() as usize;
        }
        let halves = [
            _mm512_castsi512_si256(units),
            _mm512_extracti64x4_epi64::<1>(units),
        ];
        let mut written = 0;
        for (h, half) in halves.into_iter().enumerate() {
            let (ascii, short) = ((ascii >> (16 * h)) as u16, (short >> (16 * h)) as u16);
            let w = _mm512_cvtepu16_epi32(half);
            let two_lead = _mm512_or_si512(_mm512_srli_epi32::<6>(w), w32(0xC0));
            let three_lead = _mm512_or_si512(_mm512_srli_epi32::<12>(w), w32(0xE0));
            let lead = _mm512_mask_blend_epi32(
                ascii,
                _mm512_mask_blend_epi32(short, three_lead, two_lead),
                w,
            );
            let low6 = _mm512_or_si512(_mm512_and_si512(w, w32(0x3F)), w32(0x80));
            let mid6 = _mm512_or_si512(
                _mm512_and_si512(_mm512_srli_epi32::<6>(w), w32(0x3F)),
                w32(0x80),
            );
            let first = _mm512_mask_blend_epi32(short, mid6, low6);
            let bytes = _mm512_or_si512(
                _mm512_or_si512(lead, _mm512_slli_epi32::<8>(first)),
                _mm512_slli_epi32::<16>(low6),
            );
            let keep = 0x1111_1111_1111_1111
                | deposit(!ascii as u64, 0x2222_2222_2222_2222)
                | deposit(!short as u64, 0x4444_4444_4444_4444);
            let compressed = _mm512_maskz_compress_epi8(keep, bytes);
            _mm512_storeu_si512(dst.add(written).cast(), compressed);
            written += keep.count_ones() as usize;
        }
        written
    }

    /// True when a lane of `units` is a surrogate.
    #[inline(always)]
    unsafe fn has_surrogates(units: __m512i) -> bool {
        let tops = _mm512_and_si512(units, w16(0xF800));
        _mm512_cmpeq_epi16_mask(tops, w16(0xD800)) != 0
    }

    // SAFETY: the methods use AVX-512 F, BW, VBMI2 and BMI2, which the AVX-512
    // kernel requires of the CPU.
    unsafe impl Wide for __m512i {
        const UNITS: usize = 64;
        // Two conversions of 32 units: the second starts at most 96 bytes in and
        // touches at most 112.
        const ROOM: usize = 208;

        #[inline(always)]
        unsafe fn utf16_to_utf8<const BIG: bool>(
            src: *const u16,
            dst: *mut u8,
        ) -> Option<(usize, usize)> {
            // SAFETY: the caller's promises.
            let load = |k: usize| {
                let units = _mm512_loadu_si512(src.add(32 * k).cast());
                if BIG {
                    _mm512_or_si512(_mm512_slli_epi16::<8>(units), _mm512_srli_epi16::<8>(units))
                } else {
                    units
                }
            };
            let (a, b) = (load(0), load(1));
            let not_ascii = _mm512_and_si512(_mm512_or_si512(a, b), w16(0xFF80));
            if _mm512_test_epi16_mask(not_ascii, not_ascii) == 0 {
                // `packus` works per 128-bit lane: put the quadwords in order.
                let packed = _mm512_packus_epi16(a, b);
                let order = _mm512_set_epi64(7, 5, 3, 1, 6, 4, 2, 0);
                _mm512_storeu_si512(dst.cast(), _mm512_permutexvar_epi64(order, packed));
                return Some((64, 64));
            }
            if has_surrogates(a) {
                return None;
            }
            let n = encode_units(a, dst);
            if has_surrogates(b) {
                return Some((32, n));
            }
            Some((64, n + encode_units(b, dst.add(n))))
        }

        #[inline(always)]
        unsafe fn utf32_to_utf8(src: *const u32, dst: *mut u8) -> Option<(usize, usize)> {
            // SAFETY: the caller's promises.
            let (a, b) = (
                _mm512_loadu_si512(src.cast()),
                _mm512_loadu_si512(src.add(16).cast()),
            );
            let upper = _mm512_and_si512(_mm512_or_si512(a, b), w32(0xFFFF_0000));
            if _mm512_test_epi32_mask(upper, upper) != 0 {
                return None;
            }
            let units = _mm512_inserti64x4::<1>(
                _mm512_castsi256_si512(_mm512_cvtepi32_epi16(a)),
                _mm512_cvtepi32_epi16(b),
            );
            if has_surrogates(units) {
                return None;
            }
            Some((32, encode_units(units, dst)))
        }

        #[inline(always)]
        unsafe fn latin1_to_utf8(src: *const u8, dst: *mut u8) -> Option<(usize, usize)> {
            // SAFETY: the caller's promises.
            let bytes = _mm512_loadu_si512(src.cast());
            if _mm512_movepi8_mask(bytes) == 0 {
                _mm512_storeu_si512(dst.cast(), bytes);
                return Some((64, 64));
            }
            let n = encode_units(_mm512_cvtepu8_epi16(_mm512_castsi512_si256(bytes)), dst);
            let high = _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64::<1>(bytes));
            Some((64, n + encode_units(high, dst.add(n))))
        }
    }
}
