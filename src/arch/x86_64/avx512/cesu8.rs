//! CESU-8 (and Modified UTF-8) from UTF-8 for text of supplementary characters
//! (emoji): 32 bytes a step ([`Expand`]), with no branch a character.
//!
//! A 4-byte character `F0..F4 b1 b2 b3` becomes the two 3-byte surrogates
//! `ED A0|p-1 80|(b1&F)<<2|b2>>4&3 ED B0|b2&F b3`, where `p`, its plane, is
//! `(b0&7)<<2 | b1>>4&3`. So each of its four bytes turns into one output byte
//! computed from itself and the byte after it (the lead into the second byte of
//! the high surrogate, the second byte into its third, the third into the
//! second of the low surrogate, the last as it is), and an `ED` goes before the
//! lead and before the third byte. A step computes the four kinds of byte in
//! one vector (ASCII bytes stay as they are), and one byte expand (VBMI2) puts
//! them at their output places, filling the places in between with `ED`; the
//! places come from the positions of the leads by one bit deposit and one bit
//! extract (BMI2).
//!
//! And the other way, CESU-8 (and Modified UTF-8) to UTF-8 for the same text
//! ([`Compress`], for `generic::cesu8::pairs_loop`): each pair `ED A0..AF b2
//! ED B0..BF b5` becomes the four bytes of its character, each again computed
//! from a byte and those one or two after it (`b1` gives the plane, `b2` and
//! `b4` the middle bits), the second `ED` and the byte after it dropped by one
//! byte compress. A block is 64 bytes of ASCII and pairs (a pair cut off at its
//! end is finished by the next, as in the encoder); any other byte ends the
//! path, so that the scalar walk reads it and names any error.

use core::arch::x86_64::*;

use super::w8;
use crate::generic::cesu8::{Blocks, Pairs};

/// Every byte of a 256-bit vector set to `b`.
#[inline(always)]
unsafe fn b8(b: u8) -> __m256i {
    _mm256_set1_epi8(b as i8)
}

/// The AVX-512 block path's steps: 32 bytes, one byte expand.
pub(super) struct Expand;

impl Blocks for Expand {
    const STEP: usize = 32;
    const ROOM: usize = 64;
    type Carry = u32;

    #[inline(always)]
    unsafe fn none() -> u32 {
        0
    }

    /// One step: the 32 bytes to CESU-8 (or Modified UTF-8), the leads of
    /// the step before in `carry` (only its top two bits count: a character
    /// cut off by the end of that step, whose second or third byte is here).
    #[inline(always)]
    unsafe fn step(src: *const u8, dst: *mut u8, nul: bool, carry: u32) -> Option<(usize, u32)> {
        // SAFETY (loads, store): the caller's promise.
        let bytes = _mm256_loadu_si256(src.cast());
        let next = _mm256_loadu_si256(src.add(1).cast());
        // The leads of 2- and 3-byte characters, C0..EF, are the 0x30 bytes from
        // C0 on.
        let short_lead = _mm256_cmplt_epu8_mask(_mm256_sub_epi8(bytes, b8(0xC0)), b8(0x30));
        let zero = if nul {
            _mm256_testn_epi8_mask(bytes, bytes)
        } else {
            0
        };
        if short_lead | zero != 0 {
            return None;
        }
        let leads = _mm256_cmpge_epu8_mask(bytes, b8(0xF0));
        let seconds = leads << 1 | carry >> 31;
        let thirds = leads << 2 | carry >> 30;
        // An `ED` goes before each lead and each third byte.
        let gaps = leads | thirds;
        // Two places an input byte, an `ED` and its own, the first kept where it
        // has a gap: which of the kept places are the bytes'.
        let kept = _pdep_u64(u64::from(gaps), 0x5555_5555_5555_5555) | 0xAAAA_AAAA_AAAA_AAAA;
        let places = _pext_u64(0xAAAA_AAAA_AAAA_AAAA, kept);
        // `low` is the byte's low nibble, `pair` that shifted up by 2 below the
        // next byte's bits 4 and 5 (no bit crosses a byte in the 16-bit shift:
        // the nibble is below 16).
        let low = _mm256_and_si256(bytes, b8(0x0F));
        let top = _mm256_and_si256(_mm256_srli_epi16::<4>(next), b8(0x03));
        let pair = _mm256_or_si256(_mm256_slli_epi16::<2>(low), top);
        // The lead's nibble is `b0 & 7` (F0..F4), `pair` its plane: A0 | p - 1.
        let out = _mm256_mask_add_epi8(bytes, leads, pair, b8(0x9F));
        let out = _mm256_mask_add_epi8(out, seconds, pair, b8(0x80));
        let out = _mm256_mask_add_epi8(out, thirds, low, b8(0xB0));
        let placed = _mm512_mask_expand_epi8(w8(0xED), places, _mm512_castsi256_si512(out));
        _mm512_storeu_si512(dst.cast(), placed);
        Some((32 + gaps.count_ones() as usize, leads))
    }

    #[inline(always)]
    unsafe fn cut(carry: u32) -> u32 {
        carry >> 30
    }
}

/// The bytes of `v` in `lo..lo + len` (unsigned), one bit each.
#[inline(always)]
unsafe fn in_range(v: __m512i, lo: u8, len: u8) -> u64 {
    _mm512_cmplt_epu8_mask(_mm512_sub_epi8(v, w8(lo)), w8(len))
}

/// The AVX-512 decoding steps: 64 bytes, one byte compress.
pub(super) struct Compress;

impl Pairs for Compress {
    const STEP: usize = 64;
    const READ: usize = 72;
    const ROOM: usize = 64;
    type Carry = u64;

    #[inline(always)]
    unsafe fn none() -> u64 {
        0
    }

    /// One block: the 64 bytes, the pairs that start in the block before
    /// in `prev` (bit `i` for its byte `i`; one that starts in its last five
    /// bytes ends here).
    #[inline(always)]
    unsafe fn step(src: *const u8, dst: *mut u8, prev: u64) -> Option<(usize, u64)> {
        // SAFETY (loads, store): the caller's promise. `next` and `after` hold at
        // each place the byte one and two further on.
        let (bytes, next, after) = unsafe {
            (
                _mm512_loadu_si512(src.cast()),
                _mm512_loadu_si512(src.add(1).cast()),
                _mm512_loadu_si512(src.add(2).cast()),
            )
        };
        let ed = _mm512_cmpeq_epi8_mask(bytes, w8(0xED));
        // A pair starts with `ED A0..AF`; its byte 2 and 5 are continuations, its
        // byte 3 `ED` before `B0..BF`.
        let starts = ed & in_range(next, 0xA0, 0x10);
        let low = ed & in_range(next, 0xB0, 0x10);
        // The block's bytes that are byte `k` of a pair, its own or the block
        // before's: `shld`.
        let both = u128::from(prev) | u128::from(starts) << 64;
        let at = |k: u32| ((both << k) >> 64) as u64;
        let cont = in_range(bytes, 0x80, 0x40);
        let pairs = starts | at(1) | at(2) | at(3) | at(4) | at(5);
        if (in_range(bytes, 0x01, 0x7F) | pairs) != u64::MAX
            || (at(2) | at(5)) & !cont != 0
            || at(3) & !low != 0
        {
            return None;
        }
        // The character `0x10000 + ((b1 & F) << 16 | (b2 & 3F) << 10 | (b4 & F) << 6
        // | b5 & 3F)`: plane `u = (b1 & F) + 1`; its bytes `F0 | u >> 2` at the
        // first `ED`, `80 | (u & 3) << 4 | b2 >> 2 & F` at `b1` (`u & 3` is `(b1 +
        // 1) & 3`), `80 | (b2 & 3) << 4 | b4 & F` at `b2`, and `b5` as it is. (No
        // bit crosses a byte in the 16-bit shifts: each is masked after, or its
        // input is below 4.)
        let plane = _mm512_add_epi8(_mm512_and_si512(next, w8(0x0F)), w8(1));
        let lead = _mm512_or_si512(
            _mm512_and_si512(_mm512_srli_epi16::<2>(plane), w8(0x07)),
            w8(0xF0),
        );
        let plane_low =
            _mm512_slli_epi16::<4>(_mm512_and_si512(_mm512_add_epi8(bytes, w8(1)), w8(3)));
        let second = _mm512_ternarylogic_epi32::<0xFE>(
            plane_low,
            _mm512_and_si512(_mm512_srli_epi16::<2>(next), w8(0x0F)),
            w8(0x80),
        );
        let third = _mm512_ternarylogic_epi32::<0xFE>(
            _mm512_slli_epi16::<4>(_mm512_and_si512(bytes, w8(3))),
            _mm512_and_si512(after, w8(0x0F)),
            w8(0x80),
        );
        let out = _mm512_mask_mov_epi8(bytes, starts, lead);
        let out = _mm512_mask_mov_epi8(out, at(1), second);
        let out = _mm512_mask_mov_epi8(out, at(2), third);
        // The second `ED` and `B0..BF` go.
        let keep = !(at(3) | at(4));
        // SAFETY: the caller's promise.
        unsafe { _mm512_storeu_si512(dst.cast(), _mm512_maskz_compress_epi8(keep, out)) };
        Some((keep.count_ones() as usize, starts))
    }

    #[inline(always)]
    unsafe fn starts(carry: u64) -> u64 {
        carry
    }
}
