//! UTF-8 into whole AVX-512 registers: each byte of a 64-byte block gets the code
//! point of the character that would end there ([`decode()`]), from which UTF-16,
//! UTF-32 and Latin-1 are compressed.

use core::arch::x86_64::*;

use super::*;
use crate::generic::wide::Carry;

/// The `permutex2var_epi8` indices that interleave bytes `32 * half..` of a
/// first and a second register into `u16` lanes, the first's as low bytes.
pub(super) const fn interleave(half: usize) -> [u8; 64] {
    let mut idx = [0u8; 64];
    let mut j = 0;
    while j < 64 {
        idx[j] = (32 * half + j / 2) as u8 + if j % 2 == 1 { 64 } else { 0 };
        j += 1;
    }
    idx
}

/// [`interleave`] for each half.
pub(super) static INTERLEAVE: [[u8; 64]; 2] = [interleave(0), interleave(1)];

/// The 16 bytes `16 * k..` of `v`.
#[inline(always)]
pub(super) unsafe fn quarter(v: __m512i, k: usize) -> __m128i {
    match k {
        0 => _mm512_castsi512_si128(v),
        1 => _mm512_extracti32x4_epi32::<1>(v),
        2 => _mm512_extracti32x4_epi32::<2>(v),
        _ => _mm512_extracti32x4_epi32::<3>(v),
    }
}

/// What decoding a block needs to know of its neighbours.
pub(super) struct Context {
    /// The bytes before the block (zero for a block that starts a character
    /// on its own), and masks of their continuation bytes and of their lead
    /// bytes (4-byte leads; for Latin-1 output, any lead).
    pub(super) prev: __m512i,
    pub(super) prev_cont: u64,
    pub(super) prev_leads: u64,
    /// A stream of fixed blocks: characters end wherever their last byte is,
    /// the block's last byte too, when the next byte (`next_cont`: a
    /// continuation?) does not continue it. Otherwise characters cut off by
    /// the block's end, or ending at its last byte, are left for the next
    /// block.
    pub(super) stream: bool,
    pub(super) next_cont: bool,
}

impl Context {
    /// A block at a character boundary, converted on its own.
    #[inline(always)]
    pub(super) unsafe fn alone() -> Context {
        Context {
            prev: _mm512_setzero_si512(),
            prev_cont: 0,
            prev_leads: 0,
            stream: false,
            next_cont: false,
        }
    }

    /// A block of a stream, after the one `carry` describes.
    #[inline(always)]
    pub(super) unsafe fn stream(carry: &Carry<__m512i>, next_cont: bool) -> Context {
        Context {
            prev: carry.bytes,
            prev_cont: carry.cont,
            prev_leads: carry.leads,
            stream: true,
            next_cont,
        }
    }
}

/// A block of UTF-8, decoded at every byte.
pub(super) struct Block {
    pub(super) bytes: __m512i,
    /// The low and high bytes of the code point of the character that would
    /// end at each byte (garbage where none does; at the third byte of a
    /// 4-byte character, its code point shifted right by 6).
    pub(super) low: __m512i,
    pub(super) high: __m512i,
    /// Continuation bytes.
    pub(super) cont: u64,
    /// Where characters end (see [`Context`]); none past `len`.
    pub(super) ends: u64,
    /// The 4-byte leads.
    pub(super) leads: u64,
    /// The bytes read: up to the last end (all, in a stream).
    pub(super) read: usize,
}

/// Decodes the 64 bytes at `block`, of which `len` count, in `ctx`.
#[inline(always)]
pub(super) unsafe fn decode(block: *const u8, len: usize, ctx: &Context) -> Block {
    use crate::generic::vector_traits::ByteVector;
    // SAFETY: the caller's promise: 64 readable bytes.
    let bytes = _mm512_loadu_si512(block.cast());
    let cont = _mm512_cmplt_epi8_mask(bytes, w8(0xC0));
    // The byte before, where this one continues a character; the byte two
    // before, where this one and the one before do.
    let c1 = _mm512_maskz_mov_epi8(cont, bytes.prev::<1>(ctx.prev));
    let cont2 = cont & (cont << 1 | ctx.prev_cont >> 63);
    let c2 = _mm512_maskz_mov_epi8(cont2, bytes.prev::<2>(ctx.prev));
    let low = _mm512_or_si512(
        _mm512_and_si512(bytes, w8(0x7F)),
        _mm512_and_si512(_mm512_slli_epi16::<6>(c1), w8(0xC0)),
    );
    let high = _mm512_or_si512(
        _mm512_and_si512(_mm512_srli_epi16::<2>(c1), w8(0x0F)),
        _mm512_and_si512(_mm512_slli_epi16::<4>(c2), w8(0xF0)),
    );
    let ascii = !_mm512_movepi8_mask(bytes);
    let last_ends = ctx.stream && !ctx.next_cont;
    let not_continued = !cont >> 1 | (last_ends as u64) << 63;
    let ends = (cont & not_continued | ascii) & (u64::MAX >> (64 - len));
    Block {
        bytes,
        low,
        high,
        cont,
        ends,
        leads: _mm512_cmpge_epu8_mask(bytes, w8(0xF0)),
        read: if ctx.stream {
            64
        } else {
            64 - ends.leading_zeros() as usize
        },
    }
}

/// UTF-16 of the characters of `d` at `out` (big-endian with `BIG`); returns
/// the units written. Touches up to 64 units.
#[inline(always)]
pub(super) unsafe fn utf16_of(
    d: &Block,
    ctx: &Context,
    out: *mut u16,
    big: bool,
    exact: Option<usize>,
) -> Option<usize> {
    // A 4-byte character is a surrogate pair: the high one at its third byte
    // (in a stream, perhaps the block's last, its fourth being the next
    // block's first), the low one at its fourth. Only blocks where one can end
    // (a 4-byte lead in it, or in the last three bytes before it) compute the
    // masks: computed for every block, the compiler packs the two into a
    // vector register and back, on the way to every block's compress mask.
    let pairs = d.leads | ctx.prev_leads >> 61 != 0;
    let (third, fourth) = if pairs {
        let third_ok = d.ends >> 1 | (ctx.stream as u64) << 63;
        (
            (d.leads << 2 | ctx.prev_leads >> 62) & third_ok,
            (d.leads << 3 | ctx.prev_leads >> 61) & d.ends,
        )
    } else {
        (0, 0)
    };
    let ends = d.ends | third;
    let total = ends.count_ones() as usize;
    if exact.is_some_and(|room| total > room) {
        return None;
    }
    let mut o = out;
    for (half, idx) in INTERLEAVE.iter().enumerate() {
        let idx = _mm512_loadu_si512(idx.as_ptr().cast());
        let mut units = _mm512_permutex2var_epi8(d.low, idx, d.high);
        if pairs {
            let third = (third >> (32 * half)) as u32;
            let fourth = (fourth >> (32 * half)) as u32;
            // At a third byte: 0xD800 + (code point >> 10) - 0x40; at a
            // fourth: 0xDC00 + its low 10 bits.
            let lead = _mm512_add_epi16(_mm512_srli_epi16::<4>(units), w16(0xD800 - 0x40));
            let trail = _mm512_or_si512(_mm512_and_si512(units, w16(0x3FF)), w16(0xDC00));
            units = _mm512_mask_blend_epi16(third, units, lead);
            units = _mm512_mask_blend_epi16(fourth, units, trail);
        }
        if big {
            units = swap_bytes(units);
        }
        let ends = (ends >> (32 * half)) as u32;
        let count = ends.count_ones() as usize;
        let packed = _mm512_maskz_compress_epi16(ends, units);
        // SAFETY: the caller's promise: 64 writable units (the halves write
        // 32 each, the second after the first's), or exactly `total`.
        if exact.is_some() {
            _mm512_mask_storeu_epi16(o.cast(), low_bits(count) as u32, packed);
        } else {
            _mm512_storeu_si512(o.cast(), packed);
        }
        o = o.add(count);
    }
    Some(total)
}

/// UTF-32 of the characters of `d` at `out`; returns the units written.
/// Touches up to 64 units.
#[inline(always)]
pub(super) unsafe fn utf32_of(
    d: &Block,
    ctx: &Context,
    out: *mut u32,
    exact: Option<usize>,
) -> Option<usize> {
    let total = d.ends.count_ones() as usize;
    if exact.is_some_and(|room| total > room) {
        return None;
    }
    use crate::generic::vector_traits::ByteVector;
    // Bits 16..21 at the last byte of a 4-byte character: the lead's three
    // bits and the top two of the second byte.
    let fourth = (d.leads << 3 | ctx.prev_leads >> 61) & d.ends;
    let top = if fourth != 0 {
        let lead = _mm512_and_si512(d.bytes.prev::<3>(ctx.prev), w8(0x07));
        let second = _mm512_and_si512(d.bytes.prev::<2>(ctx.prev), w8(0x30));
        let top = _mm512_or_si512(_mm512_slli_epi16::<2>(lead), _mm512_srli_epi16::<4>(second));
        _mm512_maskz_mov_epi8(fourth, top)
    } else {
        _mm512_setzero_si512()
    };
    let mut o = out;
    for (half, idx) in INTERLEAVE.iter().enumerate() {
        let idx = _mm512_loadu_si512(idx.as_ptr().cast());
        let units = _mm512_permutex2var_epi8(d.low, idx, d.high);
        for part in 0..2 {
            let k = 2 * half + part;
            let units16 = if part == 0 {
                _mm512_castsi512_si256(units)
            } else {
                _mm512_extracti64x4_epi64::<1>(units)
            };
            let values = _mm512_or_si512(
                _mm512_cvtepu16_epi32(units16),
                _mm512_slli_epi32::<16>(_mm512_cvtepu8_epi32(quarter(top, k))),
            );
            let ends = (d.ends >> (16 * k)) as u16;
            let count = ends.count_ones() as usize;
            let packed = _mm512_maskz_compress_epi32(ends, values);
            // SAFETY: the caller's promise: 64 writable units, 16 per part,
            // or exactly `total`.
            if exact.is_some() {
                _mm512_mask_storeu_epi32(o.cast(), low_bits(count) as u16, packed);
            } else {
                _mm512_storeu_si512(o.cast(), packed);
            }
            o = o.add(count);
        }
    }
    Some(total)
}

/// Latin-1 of the 64 bytes at `block` (`len` of which count) at `out`, in
/// `ctx` (`prev_leads`: all lead bytes); the block need not be valid UTF-8.
/// Returns the bytes read and written, and the block's continuation and lead
/// masks, or `None` when it is not valid, holds a character above U+00FF, or
/// (alone) ends no character. Touches up to 64 bytes.
#[inline(always)]
pub(super) unsafe fn latin1_of(
    block: *const u8,
    len: usize,
    ctx: &Context,
    out: *mut u8,
    exact: Option<usize>,
) -> Option<(usize, usize, u64, u64)> {
    // SAFETY: the caller's promises.
    let bytes = _mm512_loadu_si512(block.cast());
    // Latin-1 characters are ASCII or two bytes led by 0xC2 or 0xC3.
    if _mm512_cmpge_epu8_mask(bytes, w8(0xC4)) != 0 {
        return None;
    }
    let cont = _mm512_cmplt_epi8_mask(bytes, w8(0xC0));
    let ascii = !_mm512_movepi8_mask(bytes);
    let real = u64::MAX >> (64 - len);
    let leads = !(cont | ascii) & real;
    let good_leads = _mm512_cmpge_epu8_mask(bytes, w8(0xC2));
    // Valid: no lead but 0xC2 and 0xC3, every continuation after a lead, and
    // a continuation after every lead (alone: but a last one, whose character
    // the next block starts with; padding is 0).
    let after_lead = leads << 1 | ctx.prev_leads >> 63;
    let continued = cont >> 1
        | if ctx.stream {
            (ctx.next_cont as u64) << 63
        } else {
            1 << 63
        };
    if leads & !good_leads != 0 || cont & !after_lead != 0 || leads & !continued != 0 {
        return None;
    }
    // Every continuation ends a character (alone: not the last byte).
    let ends = if ctx.stream {
        (cont | ascii) & real
    } else {
        (cont & !cont >> 1 | ascii) & real
    };
    let read = if ctx.stream {
        64
    } else {
        64 - ends.leading_zeros() as usize
    };
    if read == 0 {
        return None;
    }
    let total = ends.count_ones() as usize;
    if exact.is_some_and(|room| total > room) {
        return None;
    }
    // SAFETY: the caller's promise.
    unsafe { store_latin1(bytes, ctx.prev, cont, ends, out, exact.map(|_| total)) };
    Some((read, total, cont, leads))
}

/// [`latin1_of`] for a block of a stream (`ctx.stream`), which reads all 64
/// bytes: the same answer, from fewer mask operations. A valid block has no
/// byte from 0xC4 nor 0xC0 or 0xC1, and its continuation bytes are exactly
/// the bytes after its leads (0xC2, 0xC3), the block before's last included;
/// its last lead, if it ends the block, is continued by the next block's
/// first byte. Then every byte but a lead ends a character.
///
/// # Safety
/// As [`latin1_of`].
#[inline(always)]
pub(super) unsafe fn latin1_of_stream(
    block: *const u8,
    ctx: &Context,
    out: *mut u8,
) -> Option<(usize, u64, u64)> {
    debug_assert!(ctx.stream);
    // SAFETY: the caller's promises.
    let bytes = _mm512_loadu_si512(block.cast());
    if _mm512_cmpge_epu8_mask(bytes, w8(0xC4)) != 0 {
        return None;
    }
    let high = _mm512_movepi8_mask(bytes);
    let cont = _mm512_cmplt_epi8_mask(bytes, w8(0xC0));
    let leads = _mm512_cmpge_epu8_mask(bytes, w8(0xC2));
    // 0xC0 and 0xC1 (high, neither continuation nor lead), and continuation
    // bytes other than those after the leads: one test.
    let after_lead = leads << 1 | ctx.prev_leads >> 63;
    if (high & !cont & !leads) | (cont ^ after_lead) != 0 {
        return None;
    }
    if leads >> 63 != 0 && !ctx.next_cont {
        return None;
    }
    let ends = !leads;
    // SAFETY: the caller's promise.
    unsafe { store_latin1(bytes, ctx.prev, cont, ends, out, None) };
    Some((ends.count_ones() as usize, cont, leads))
}

/// The Latin-1 bytes of the characters of `bytes` ending at `ends` (`cont`:
/// the continuation bytes; `prev`: the block before), at `out`: 64 bytes
/// stored, or exactly `exact`.
///
/// # Safety
/// `out` has room for 64 bytes, or for `exact`.
#[inline(always)]
unsafe fn store_latin1(
    bytes: __m512i,
    prev: __m512i,
    cont: u64,
    ends: u64,
    out: *mut u8,
    exact: Option<usize>,
) {
    use crate::generic::vector_traits::ByteVector;
    // At a continuation byte: its six bits and the lead's low two.
    let lead_bits = _mm512_slli_epi16::<6>(_mm512_and_si512(bytes.prev::<1>(prev), w8(0x03)));
    let values = _mm512_mask_blend_epi8(
        cont,
        bytes,
        _mm512_or_si512(_mm512_and_si512(bytes, w8(0x3F)), lead_bits),
    );
    let packed = _mm512_maskz_compress_epi8(ends, values);
    // SAFETY: the caller's promise: 64 writable bytes, or exactly `exact`.
    match exact {
        Some(total) => _mm512_mask_storeu_epi8(out.cast(), low_bits(total), packed),
        None => _mm512_storeu_si512(out.cast(), packed),
    }
}
