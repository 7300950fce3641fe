//! Block conversions that only some instruction sets do well: AVX-512 with VBMI2
//! has byte- and word-granular *compress* instructions, which move the selected
//! elements of a 64-byte register to its front in one step, where the narrower
//! sets need a shuffle from a table for every eight elements. [`Wide`] is the hook:
//! the generic algorithms ask it first, and go on with their own 128-bit code when
//! it declines (every method's default, for every vector type but `__m512i`).
//!
//! The AVX-512 implementation (ideas from Clausecker & Lemire, *Transcoding Unicode
//! characters with AVX-512 instructions*, 2023; the code is this crate's own):
//!
//! - UTF-8 in: each byte of a 64-byte block gets the code point of the character
//!   that would end there, from the byte and the two before it (their bytes
//!   masked by continuation flags held in mask registers); a VBMI byte permute
//!   interleaves low and high bytes into `u16` lanes, surrogate pairs are made at
//!   the third and fourth bytes of 4-byte characters, and a word (or, for UTF-32,
//!   doubleword) compress keeps the lanes where characters end. In a *stream* of
//!   blocks the bytes before come from the previous block ([`Carry`]), so that
//!   blocks need not start at a character boundary and no block waits for the
//!   previous one's end; alone, a block starts at a boundary and leaves a
//!   character cut off at its end for the next.
//! - UTF-16, UTF-32 and Latin-1 in: 32 `u16` lanes become `[lead, continuation]`
//!   pairs (if all are below U+0800) or four-byte `u32` lanes, and a byte
//!   compress, driven by masks deposited (BMI2 `pdep`) from the lane
//!   classes, keeps the bytes each character needs; a surrogate pair is four
//!   bytes at its high surrogate.

use crate::simd::ByteVector;

/// What a stream of 64-byte blocks carries from one block to the next: the
/// block's bytes, and masks of its continuation bytes and of its lead bytes (of
/// 4-byte characters; for Latin-1 output, of any).
#[derive(Clone, Copy)]
pub(crate) struct Carry<V> {
    pub(crate) bytes: V,
    pub(crate) cont: u64,
    pub(crate) leads: u64,
}

impl<V: ByteVector> Carry<V> {
    /// Before the first block.
    ///
    /// # Safety
    /// The CPU supports `V`.
    #[inline(always)]
    pub(crate) unsafe fn start() -> Self {
        Carry {
            bytes: V::splat(0),
            cont: 0,
            leads: 0,
        }
    }
}

/// Optional block conversions for the vector type `Self`.
///
/// # Safety
/// Implementations use only the instructions of their vector type's kernel. Every
/// method requires that the CPU supports them and that the pointers are valid for
/// the reads and writes the method names.
pub(crate) unsafe trait Wide: ByteVector {
    /// The bytes of `src` (at most 64) in a vector, zero after them; only called
    /// when [`Wide::FROM_UTF8`].
    ///
    /// # Safety
    /// `src.len() <= 64`.
    #[inline(always)]
    unsafe fn load_short(src: &[u8]) -> Self {
        let _ = src;
        Self::splat(0)
    }

    /// Writes the first `len` bytes of `self` (ASCII) at `out` as `len` units of
    /// `T` (`u8`, or `u16`, big-endian if `big`, or `u32`), and nothing
    /// else; only called when [`Wide::FROM_UTF8`].
    ///
    /// # Safety
    /// `out..out + len` is writable; `len <= 64`; `T` is `u8`, `u16` or `u32`.
    #[inline(always)]
    unsafe fn widen_short<T>(self, len: usize, out: *mut T, big: bool) {
        let _ = (len, out, big);
    }

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

    /// Converts the `len` (at most 32) UTF-16 units at `src` (big-endian with
    /// `BIG`) to UTF-8 at `dst`, writing exactly the bytes converted and only if
    /// they are at most `room`: returns the units read (one less when the last of
    /// 32 is a high surrogate) and the bytes written, or `None` (having written
    /// nothing) when a surrogate is unpaired among them or the bytes do not fit.
    /// Always `None` where not implemented.
    ///
    /// # Safety
    /// `src..src + len` is readable, `dst..dst + room` writable; `len <= 32`.
    #[inline(always)]
    unsafe fn utf16_to_utf8_short<const BIG: bool>(
        src: *const u16,
        len: usize,
        dst: *mut u8,
        room: usize,
    ) -> Option<(usize, usize)> {
        let _ = (src, len, dst, room);
        None
    }

    /// As [`Wide::utf16_to_utf8_short`] for Latin-1 input (`None` only when the
    /// bytes do not fit).
    ///
    /// # Safety
    /// `src..src + len` is readable, `dst..dst + room` writable; `len <= 32`.
    #[inline(always)]
    unsafe fn latin1_to_utf8_short(
        src: *const u8,
        len: usize,
        dst: *mut u8,
        room: usize,
    ) -> Option<(usize, usize)> {
        let _ = (src, len, dst, room);
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

    /// Whether [`Wide::utf8_to_utf16`] and [`Wide::utf8_to_utf32`] are implemented.
    const FROM_UTF8: bool = false;

    /// Converts the characters of the 64-byte block at `block` (valid UTF-8 that
    /// starts at a character boundary; only its first `len` bytes count) that end
    /// before its last byte, to UTF-16 at `out` (big-endian with `BIG`); returns
    /// the bytes read and units written, or `None` when no character ends there
    /// (only input that is not UTF-8 has none). Always `None` where not
    /// implemented. With `exact: Some(room)`, writes only the units converted,
    /// and returns `None`, writing nothing, when they are more than `room`.
    ///
    /// # Safety
    /// `block..block + 64` is readable; `out..out + 64` writable, or with
    /// `exact: Some(room)`, `out..out + room`.
    #[inline(always)]
    unsafe fn utf8_to_utf16<const BIG: bool>(
        block: *const u8,
        len: usize,
        out: *mut u16,
        exact: Option<usize>,
    ) -> Option<(usize, usize)> {
        let _ = (block, len, out, exact);
        None
    }

    /// As [`Wide::utf8_to_utf16`] for UTF-32 output.
    ///
    /// # Safety
    /// `block..block + 64` is readable, `out..out + 64` writable.
    #[inline(always)]
    unsafe fn utf8_to_utf32(
        block: *const u8,
        len: usize,
        out: *mut u32,
        exact: Option<usize>,
    ) -> Option<(usize, usize)> {
        let _ = (block, len, out, exact);
        None
    }

    /// As [`Wide::utf8_to_utf16`] for Latin-1 output, but the block need not be
    /// valid: `None` also when it is not, or holds a character above U+00FF.
    ///
    /// # Safety
    /// `block..block + 64` is readable, `out..out + 64` writable.
    #[inline(always)]
    unsafe fn utf8_to_latin1(
        block: *const u8,
        len: usize,
        out: *mut u8,
        exact: Option<usize>,
    ) -> Option<(usize, usize)> {
        let _ = (block, len, out, exact);
        None
    }

    /// Converts the characters whose last byte is in the 64 bytes at `block` to
    /// UTF-16 at `out` (big-endian with `BIG`), in a stream of blocks: `carry`
    /// describes the block before (and is updated to this one), `next_cont` tells
    /// whether the byte after the block is a continuation byte. The stream is
    /// valid UTF-8 up to the end of this block (but for a character cut off at
    /// its end). Returns the units written. Only called when
    /// [`Wide::FROM_UTF8`].
    ///
    /// # Safety
    /// `block..block + 64` is readable, `out..out + 64` writable.
    #[inline(always)]
    unsafe fn utf8_stream_to_utf16<const BIG: bool>(
        block: *const u8,
        next_cont: bool,
        carry: &mut Carry<Self>,
        out: *mut u16,
    ) -> usize {
        let _ = (block, next_cont, carry, out);
        0
    }

    /// As [`Wide::utf8_stream_to_utf16`] for UTF-32 output.
    ///
    /// # Safety
    /// `block..block + 64` is readable, `out..out + 64` writable.
    #[inline(always)]
    unsafe fn utf8_stream_to_utf32(
        block: *const u8,
        next_cont: bool,
        carry: &mut Carry<Self>,
        out: *mut u32,
    ) -> usize {
        let _ = (block, next_cont, carry, out);
        0
    }

    /// As [`Wide::utf8_stream_to_utf16`] for Latin-1 output, but the block need
    /// not be valid: `None` when it is not (with the one before), or holds a
    /// character above U+00FF.
    ///
    /// # Safety
    /// `block..block + 64` is readable, `out..out + 64` writable.
    #[inline(always)]
    unsafe fn utf8_stream_to_latin1(
        block: *const u8,
        next_cont: bool,
        carry: &mut Carry<Self>,
        out: *mut u8,
    ) -> Option<usize> {
        let _ = (block, next_cont, carry, out);
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

    use super::{Carry, Wide};

    /// A mask of the `n` lowest bits (`n <= 64`).
    #[inline(always)]
    fn low_bits(n: usize) -> u64 {
        u64::MAX.checked_shr(64 - n as u32).unwrap_or(0)
    }

    /// The two bytes of every `u16` lane swapped.
    #[inline(always)]
    unsafe fn swap_bytes(units: __m512i) -> __m512i {
        _mm512_or_si512(_mm512_slli_epi16::<8>(units), _mm512_srli_epi16::<8>(units))
    }

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

    /// Sixteen `u32` lanes of code points up to U+FFFF as UTF-8 bytes `[lead,
    /// continuation, continuation, 0]`, of which the lanes in `ascii` need only
    /// the first and those in `short` (below U+0800) the first two.
    #[inline(always)]
    unsafe fn three_bytes(w: __m512i, ascii: u16, short: u16) -> __m512i {
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
        _mm512_or_si512(
            _mm512_or_si512(lead, _mm512_slli_epi32::<8>(first)),
            _mm512_slli_epi32::<16>(low6),
        )
    }

    /// Where [`encode_units`] and [`encode_part`] may write: with `exact:
    /// Some((lanes, room))`, only the lanes in `lanes` count and exactly the bytes
    /// converted are written, if they are at most `room`; otherwise whole vectors
    /// (up to 112 bytes).
    type Limit = Option<(u32, usize)>;

    /// Stores the first `count` bytes of `packed` at `dst`: all 64 unless `exact`.
    #[inline(always)]
    unsafe fn store(dst: *mut u8, packed: __m512i, count: usize, exact: bool) {
        // SAFETY: the caller's promise of room.
        if exact {
            _mm512_mask_storeu_epi8(dst.cast(), low_bits(count), packed);
        } else {
            _mm512_storeu_si512(dst.cast(), packed);
        }
    }

    /// UTF-8 of the 32 `u16` lanes of `units` (code points up to U+FFFF, no
    /// surrogates) at `dst`, within `limit`; returns the bytes written, or `None`
    /// (having written nothing) when they exceed its room.
    ///
    /// ASCII lanes are narrowed; if every lane is below U+0800, each becomes
    /// `[lead or ASCII, continuation]` and a compress keeps the second byte only
    /// where it belongs; otherwise each half of 16 lanes is widened to `u32` lanes
    /// of `[lead, continuation, continuation, 0]` and compressed to one, two or
    /// three bytes per lane.
    #[inline(always)]
    unsafe fn encode_units(units: __m512i, dst: *mut u8, limit: Limit) -> Option<usize> {
        let (lanes, room) = limit.unwrap_or((u32::MAX, usize::MAX));
        let exact = limit.is_some();
        let ascii = _mm512_cmplt_epu16_mask(units, w16(0x80));
        // SAFETY (stores): the caller's promise of 112 writable bytes, or of
        // `room` with `exact`.
        if ascii | !lanes == u32::MAX {
            let n = lanes.count_ones() as usize;
            if n > room {
                return None;
            }
            let bytes = _mm512_cvtepi16_epi8(units);
            if exact {
                _mm256_mask_storeu_epi8(dst.cast(), low_bits(n) as u32, bytes);
            } else {
                _mm256_storeu_si256(dst.cast(), bytes);
            }
            return Some(n);
        }
        let short = _mm512_cmplt_epu16_mask(units, w16(0x800));
        if short | !lanes == u32::MAX {
            let two_lead = _mm512_or_si512(_mm512_srli_epi16::<6>(units), w16(0xC0));
            let lead = _mm512_mask_blend_epi16(ascii, two_lead, units);
            let low6 = _mm512_or_si512(_mm512_and_si512(units, w16(0x3F)), w16(0x80));
            let pairs = _mm512_or_si512(lead, _mm512_slli_epi16::<8>(low6));
            let keep = (0x5555_5555_5555_5555 | deposit(!ascii as u64, 0xAAAA_AAAA_AAAA_AAAA))
                & (deposit(lanes as u64, 0x5555_5555_5555_5555) * 3);
            let n = keep.count_ones() as usize;
            if n > room {
                return None;
            }
            store(dst, _mm512_maskz_compress_epi8(keep, pairs), n, exact);
            return Some(n);
        }
        let halves = [
            _mm512_castsi512_si256(units),
            _mm512_extracti64x4_epi64::<1>(units),
        ];
        let lanes16 = |mask: u32, h: usize| (mask >> (16 * h)) as u16;
        // (A loop, not `array::map`: a closure would not inline `pdep`.)
        let mut keeps = [0u64; 2];
        for (h, keep) in keeps.iter_mut().enumerate() {
            let (ascii, short) = (lanes16(ascii, h), lanes16(short, h));
            *keep = (0x1111_1111_1111_1111
                | deposit(!ascii as u64, 0x2222_2222_2222_2222)
                | deposit(!short as u64, 0x4444_4444_4444_4444))
                & (deposit(lanes16(lanes, h) as u64, 0x1111_1111_1111_1111) * 0xF);
        }
        let total = (keeps[0].count_ones() + keeps[1].count_ones()) as usize;
        if total > room {
            return None;
        }
        let mut written = 0;
        for (h, half) in halves.into_iter().enumerate() {
            let bytes = three_bytes(
                _mm512_cvtepu16_epi32(half),
                lanes16(ascii, h),
                lanes16(short, h),
            );
            let n = keeps[h].count_ones() as usize;
            store(
                dst.add(written),
                _mm512_maskz_compress_epi8(keeps[h], bytes),
                n,
                exact,
            );
            written += n;
        }
        Some(written)
    }

    /// The `permutex2var_epi8` indices that interleave bytes `32 * half..` of a
    /// first and a second register into `u16` lanes, the first's as low bytes.
    const fn interleave(half: usize) -> [u8; 64] {
        let mut idx = [0u8; 64];
        let mut j = 0;
        while j < 64 {
            idx[j] = (32 * half + j / 2) as u8 + if j % 2 == 1 { 64 } else { 0 };
            j += 1;
        }
        idx
    }

    /// [`interleave`] for each half.
    static INTERLEAVE: [[u8; 64]; 2] = [interleave(0), interleave(1)];

    /// The 16 bytes `16 * k..` of `v`.
    #[inline(always)]
    unsafe fn quarter(v: __m512i, k: usize) -> __m128i {
        match k {
            0 => _mm512_castsi512_si128(v),
            1 => _mm512_extracti32x4_epi32::<1>(v),
            2 => _mm512_extracti32x4_epi32::<2>(v),
            _ => _mm512_extracti32x4_epi32::<3>(v),
        }
    }

    /// What decoding a block needs to know of its neighbours.
    struct Context {
        /// The bytes before the block (zero for a block that starts a character
        /// on its own), and masks of their continuation bytes and of their lead
        /// bytes (4-byte leads; for Latin-1 output, any lead).
        prev: __m512i,
        prev_cont: u64,
        prev_leads: u64,
        /// A stream of fixed blocks: characters end wherever their last byte is,
        /// the block's last byte too, when the next byte (`next_cont`: a
        /// continuation?) does not continue it. Otherwise characters cut off by
        /// the block's end, or ending at its last byte, are left for the next
        /// block.
        stream: bool,
        next_cont: bool,
    }

    impl Context {
        /// A block at a character boundary, converted on its own.
        #[inline(always)]
        unsafe fn alone() -> Context {
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
        unsafe fn stream(carry: &Carry<__m512i>, next_cont: bool) -> Context {
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
    struct Block {
        bytes: __m512i,
        /// The low and high bytes of the code point of the character that would
        /// end at each byte (garbage where none does; at the third byte of a
        /// 4-byte character, its code point shifted right by 6).
        low: __m512i,
        high: __m512i,
        /// Continuation bytes.
        cont: u64,
        /// Where characters end (see [`Context`]); none past `len`.
        ends: u64,
        /// The 4-byte leads.
        leads: u64,
        /// The bytes read: up to the last end (all, in a stream).
        read: usize,
    }

    /// Decodes the 64 bytes at `block`, of which `len` count, in `ctx`.
    #[inline(always)]
    unsafe fn decode(block: *const u8, len: usize, ctx: &Context) -> Block {
        use crate::simd::ByteVector;
        let b = |v: u8| _mm512_set1_epi8(v as i8);
        // SAFETY: the caller's promise: 64 readable bytes.
        let bytes = _mm512_loadu_si512(block.cast());
        let cont = _mm512_cmplt_epi8_mask(bytes, b(0xC0));
        // The byte before, where this one continues a character; the byte two
        // before, where this one and the one before do.
        let c1 = _mm512_maskz_mov_epi8(cont, bytes.prev::<1>(ctx.prev));
        let cont2 = cont & (cont << 1 | ctx.prev_cont >> 63);
        let c2 = _mm512_maskz_mov_epi8(cont2, bytes.prev::<2>(ctx.prev));
        let low = _mm512_or_si512(
            _mm512_and_si512(bytes, b(0x7F)),
            _mm512_and_si512(_mm512_slli_epi16::<6>(c1), b(0xC0)),
        );
        let high = _mm512_or_si512(
            _mm512_and_si512(_mm512_srli_epi16::<2>(c1), b(0x0F)),
            _mm512_and_si512(_mm512_slli_epi16::<4>(c2), b(0xF0)),
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
            leads: _mm512_cmpge_epu8_mask(bytes, b(0xF0)),
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
    unsafe fn utf16_of(
        d: &Block,
        ctx: &Context,
        out: *mut u16,
        big: bool,
        exact: Option<usize>,
    ) -> Option<usize> {
        // A 4-byte character is a surrogate pair: the high one at its third byte
        // (in a stream, perhaps the block's last, its fourth being the next
        // block's first), the low one at its fourth.
        let third_ok = d.ends >> 1 | (ctx.stream as u64) << 63;
        let third = (d.leads << 2 | ctx.prev_leads >> 62) & third_ok;
        let fourth = (d.leads << 3 | ctx.prev_leads >> 61) & d.ends;
        let ends = d.ends | third;
        let total = ends.count_ones() as usize;
        if exact.is_some_and(|room| total > room) {
            return None;
        }
        let mut o = out;
        for (half, idx) in INTERLEAVE.iter().enumerate() {
            let idx = _mm512_loadu_si512(idx.as_ptr().cast());
            let mut units = _mm512_permutex2var_epi8(d.low, idx, d.high);
            let (third, fourth) = (
                (third >> (32 * half)) as u32,
                (fourth >> (32 * half)) as u32,
            );
            if third | fourth != 0 {
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
    unsafe fn utf32_of(
        d: &Block,
        ctx: &Context,
        out: *mut u32,
        exact: Option<usize>,
    ) -> Option<usize> {
        let total = d.ends.count_ones() as usize;
        if exact.is_some_and(|room| total > room) {
            return None;
        }
        use crate::simd::ByteVector;
        // Bits 16..21 at the last byte of a 4-byte character: the lead's three
        // bits and the top two of the second byte.
        let fourth = (d.leads << 3 | ctx.prev_leads >> 61) & d.ends;
        let top = if fourth != 0 {
            let b = |v: u8| _mm512_set1_epi8(v as i8);
            let lead = _mm512_and_si512(d.bytes.prev::<3>(ctx.prev), b(0x07));
            let second = _mm512_and_si512(d.bytes.prev::<2>(ctx.prev), b(0x30));
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
    unsafe fn latin1_of(
        block: *const u8,
        len: usize,
        ctx: &Context,
        out: *mut u8,
        exact: Option<usize>,
    ) -> Option<(usize, usize, u64, u64)> {
        use crate::simd::ByteVector;
        let b = |v: u8| _mm512_set1_epi8(v as i8);
        // SAFETY: the caller's promises.
        let bytes = _mm512_loadu_si512(block.cast());
        // Latin-1 characters are ASCII or two bytes led by 0xC2 or 0xC3.
        if _mm512_cmpge_epu8_mask(bytes, b(0xC4)) != 0 {
            return None;
        }
        let cont = _mm512_cmplt_epi8_mask(bytes, b(0xC0));
        let ascii = !_mm512_movepi8_mask(bytes);
        let real = u64::MAX >> (64 - len);
        let leads = !(cont | ascii) & real;
        let good_leads = _mm512_cmpge_epu8_mask(bytes, b(0xC2));
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
        // At a continuation byte: its six bits and the lead's low two.
        let lead_bits =
            _mm512_slli_epi16::<6>(_mm512_and_si512(bytes.prev::<1>(ctx.prev), b(0x03)));
        let values = _mm512_mask_blend_epi8(
            cont,
            bytes,
            _mm512_or_si512(_mm512_and_si512(bytes, b(0x3F)), lead_bits),
        );
        let total = ends.count_ones() as usize;
        if exact.is_some_and(|room| total > room) {
            return None;
        }
        let packed = _mm512_maskz_compress_epi8(ends, values);
        // SAFETY: the caller's promise: 64 writable bytes, or exactly `total`.
        if exact.is_some() {
            _mm512_mask_storeu_epi8(out.cast(), low_bits(total), packed);
        } else {
            _mm512_storeu_si512(out.cast(), packed);
        }
        Some((read, total, cont, leads))
    }

    /// `permutex2var_epi16` indices of each lane's successor: `i + 1`.
    static NEXT_LANE: [u16; 32] = {
        let mut idx = [0u16; 32];
        let mut i = 0;
        while i < 32 {
            idx[i] = i as u16 + 1;
            i += 1;
        }
        idx
    };

    /// UTF-8 of the 32 `u16` lanes of `units`, surrogate pairs included, at
    /// `dst`, within `limit`; `next` holds each lane's successor in the input
    /// (the last one's may be garbage). Returns the units read (one less when the
    /// last lane is a high surrogate, left for the next part) and the bytes
    /// written, or `None` (having written nothing) when a surrogate in the part
    /// is unpaired or the bytes exceed the limit's room.
    ///
    /// A pair is encoded at its high surrogate, as a `u32` lane of four bytes,
    /// and its low surrogate keeps no byte.
    #[inline(always)]
    unsafe fn encode_part(
        units: __m512i,
        next: impl Fn() -> __m512i,
        dst: *mut u8,
        limit: Limit,
    ) -> Option<(usize, usize)> {
        let (lanes, room) = limit.unwrap_or((u32::MAX, usize::MAX));
        if _mm512_cmplt_epu16_mask(units, w16(0x800)) | !lanes == u32::MAX {
            // No surrogates, nor anything else above U+07FF.
            let written = encode_units(units, dst, limit)?;
            return Some((lanes.count_ones() as usize, written));
        }
        if !has_surrogates(units) {
            let written = encode_units(units, dst, limit)?;
            return Some((lanes.count_ones() as usize, written));
        }
        let tops = _mm512_and_si512(units, w16(0xFC00));
        let high = _mm512_cmpeq_epi16_mask(tops, w16(0xD800)) & lanes;
        let low = _mm512_cmpeq_epi16_mask(tops, w16(0xDC00)) & lanes;
        // Every low surrogate follows a high one, and every high one but one in
        // lane 31 precedes a low one (a high one last among fewer lanes has no
        // partner).
        if low != high << 1 || (high << 1) & !lanes != 0 {
            return None;
        }
        let read = lanes.count_ones() as usize - (high >> 31) as usize;
        let ascii = _mm512_cmplt_epu16_mask(units, w16(0x80));
        let short = _mm512_cmplt_epu16_mask(units, w16(0x800));
        let halves = |v: __m512i| [_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64::<1>(v)];
        let unit_halves = halves(units);
        let next_halves = if high != 0 {
            halves(next())
        } else {
            unit_halves
        };
        let lanes16 = |mask: u32, h: usize| (mask >> (16 * h)) as u16;
        // (A loop, not `array::map`: a closure would not inline `pdep`.)
        let mut keeps = [0u64; 2];
        for (h, keep) in keeps.iter_mut().enumerate() {
            let (ascii, short) = (lanes16(ascii, h), lanes16(short, h));
            let (high, low) = (lanes16(high, h), lanes16(low, h));
            *keep = 0x1111_1111_1111_1111
                | deposit(!ascii as u64, 0x2222_2222_2222_2222)
                | deposit(!short as u64, 0x4444_4444_4444_4444)
                | deposit(high as u64, 0x8888_8888_8888_8888);
            *keep &= !(deposit(low as u64, 0x1111_1111_1111_1111) * 0xF);
            *keep &= deposit(lanes16(lanes, h) as u64, 0x1111_1111_1111_1111) * 0xF;
            if h == 1 && read < 32 && lanes == u32::MAX {
                *keep &= !(0xF << 60);
            }
        }
        let total = (keeps[0].count_ones() + keeps[1].count_ones()) as usize;
        if total > room {
            return None;
        }
        let mut written = 0;
        for h in 0..2 {
            let w = _mm512_cvtepu16_epi32(unit_halves[h]);
            let mut bytes = three_bytes(w, lanes16(ascii, h), lanes16(short, h));
            let high = lanes16(high, h);
            if high != 0 {
                let nx = _mm512_cvtepu16_epi32(next_halves[h]);
                let c = _mm512_add_epi32(
                    _mm512_or_si512(
                        _mm512_slli_epi32::<10>(_mm512_and_si512(w, w32(0x3FF))),
                        _mm512_and_si512(nx, w32(0x3FF)),
                    ),
                    w32(0x10000),
                );
                let cont = |v: __m512i| _mm512_or_si512(_mm512_and_si512(v, w32(0x3F)), w32(0x80));
                let four = _mm512_or_si512(
                    _mm512_or_si512(
                        _mm512_or_si512(_mm512_srli_epi32::<18>(c), w32(0xF0)),
                        _mm512_slli_epi32::<8>(cont(_mm512_srli_epi32::<12>(c))),
                    ),
                    _mm512_or_si512(
                        _mm512_slli_epi32::<16>(cont(_mm512_srli_epi32::<6>(c))),
                        _mm512_slli_epi32::<24>(cont(c)),
                    ),
                );
                bytes = _mm512_mask_blend_epi32(high, bytes, four);
            }
            let n = keeps[h].count_ones() as usize;
            // SAFETY: the caller's promise of 112 writable bytes (each half
            // writes at most 48), or of `room`.
            store(
                dst.add(written),
                _mm512_maskz_compress_epi8(keeps[h], bytes),
                n,
                limit.is_some(),
            );
            written += n;
        }
        Some((read, written))
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
        const FROM_UTF8: bool = true;

        #[inline(always)]
        unsafe fn widen_short<T>(self, len: usize, out: *mut T, big: bool) {
            let mask = low_bits(len);
            // SAFETY (stores): the caller's promise; masked stores write only the
            // first `len` units.
            match core::mem::size_of::<T>() {
                1 => _mm512_mask_storeu_epi8(out.cast(), mask, self),
                2 => {
                    for h in 0..2 {
                        let half = if h == 0 {
                            _mm512_castsi512_si256(self)
                        } else {
                            _mm512_extracti64x4_epi64::<1>(self)
                        };
                        let mut units = _mm512_cvtepu8_epi16(half);
                        if big {
                            units = _mm512_slli_epi16::<8>(units);
                        }
                        let lanes = (mask >> (32 * h)) as u32;
                        _mm512_mask_storeu_epi16(
                            out.cast::<u16>().add(32 * h).cast(),
                            lanes,
                            units,
                        );
                    }
                }
                _ => {
                    for k in 0..4 {
                        let units = _mm512_cvtepu8_epi32(quarter(self, k));
                        let lanes = (mask >> (16 * k)) as u16;
                        _mm512_mask_storeu_epi32(
                            out.cast::<u32>().add(16 * k).cast(),
                            lanes,
                            units,
                        );
                    }
                }
            }
        }

        #[inline(always)]
        unsafe fn load_short(src: &[u8]) -> Self {
            // SAFETY: the caller's promise: at most 64 bytes, all in `src`; a
            // masked load reads no others.
            _mm512_maskz_loadu_epi8(u64::MAX >> (64 - src.len()), src.as_ptr().cast())
        }

        #[inline(always)]
        unsafe fn utf8_to_utf16<const BIG: bool>(
            block: *const u8,
            len: usize,
            out: *mut u16,
            exact: Option<usize>,
        ) -> Option<(usize, usize)> {
            let ctx = Context::alone();
            // SAFETY: the caller's promises.
            let d = decode(block, len, &ctx);
            if d.read == 0 {
                return None;
            }
            Some((d.read, utf16_of(&d, &ctx, out, BIG, exact)?))
        }

        #[inline(always)]
        unsafe fn utf8_to_utf32(
            block: *const u8,
            len: usize,
            out: *mut u32,
            exact: Option<usize>,
        ) -> Option<(usize, usize)> {
            let ctx = Context::alone();
            // SAFETY: the caller's promises.
            let d = decode(block, len, &ctx);
            if d.read == 0 {
                return None;
            }
            Some((d.read, utf32_of(&d, &ctx, out, exact)?))
        }

        #[inline(always)]
        unsafe fn utf8_to_latin1(
            block: *const u8,
            len: usize,
            out: *mut u8,
            exact: Option<usize>,
        ) -> Option<(usize, usize)> {
            // SAFETY: the caller's promises.
            let (read, written, ..) = latin1_of(block, len, &Context::alone(), out, exact)?;
            Some((read, written))
        }

        #[inline(always)]
        unsafe fn utf8_stream_to_utf16<const BIG: bool>(
            block: *const u8,
            next_cont: bool,
            carry: &mut Carry<Self>,
            out: *mut u16,
        ) -> usize {
            let ctx = Context::stream(carry, next_cont);
            // SAFETY: the caller's promises.
            let d = decode(block, 64, &ctx);
            let written = utf16_of(&d, &ctx, out, BIG, None).unwrap_or(0);
            *carry = Carry {
                bytes: d.bytes,
                cont: d.cont,
                leads: d.leads,
            };
            written
        }

        #[inline(always)]
        unsafe fn utf8_stream_to_utf32(
            block: *const u8,
            next_cont: bool,
            carry: &mut Carry<Self>,
            out: *mut u32,
        ) -> usize {
            let ctx = Context::stream(carry, next_cont);
            // SAFETY: the caller's promises.
            let d = decode(block, 64, &ctx);
            let written = utf32_of(&d, &ctx, out, None).unwrap_or(0);
            *carry = Carry {
                bytes: d.bytes,
                cont: d.cont,
                leads: d.leads,
            };
            written
        }

        #[inline(always)]
        unsafe fn utf8_stream_to_latin1(
            block: *const u8,
            next_cont: bool,
            carry: &mut Carry<Self>,
            out: *mut u8,
        ) -> Option<usize> {
            let ctx = Context::stream(carry, next_cont);
            // SAFETY: the caller's promises.
            let (_, written, cont, leads) = latin1_of(block, 64, &ctx, out, None)?;
            *carry = Carry {
                bytes: _mm512_loadu_si512(block.cast()),
                cont,
                leads,
            };
            Some(written)
        }

        #[inline(always)]
        unsafe fn utf16_to_utf8_short<const BIG: bool>(
            src: *const u16,
            len: usize,
            dst: *mut u8,
            room: usize,
        ) -> Option<(usize, usize)> {
            let lanes = low_bits(len) as u32;
            // SAFETY: the caller's promises; the masked load reads only `len`
            // units.
            let mut units = _mm512_maskz_loadu_epi16(lanes, src.cast());
            if BIG {
                units = swap_bytes(units);
            }
            let next = _mm512_loadu_si512(NEXT_LANE.as_ptr().cast());
            encode_part(
                units,
                || _mm512_permutexvar_epi16(next, units),
                dst,
                Some((lanes, room)),
            )
        }

        #[inline(always)]
        unsafe fn latin1_to_utf8_short(
            src: *const u8,
            len: usize,
            dst: *mut u8,
            room: usize,
        ) -> Option<(usize, usize)> {
            let lanes = low_bits(len) as u32;
            // SAFETY: the caller's promises; the masked load reads only `len`
            // bytes.
            let units = _mm512_cvtepu8_epi16(_mm256_maskz_loadu_epi8(lanes, src.cast()));
            Some((len, encode_units(units, dst, Some((lanes, room)))?))
        }

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
                    swap_bytes(units)
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
            // Each lane's successor: of `a`'s last, `b`'s first; of `b`'s last,
            // garbage (a high surrogate there is left for the next call).
            let next = _mm512_loadu_si512(NEXT_LANE.as_ptr().cast());
            let (read, n) = encode_part(a, || _mm512_permutex2var_epi16(a, next, b), dst, None)?;
            if read < 32 {
                return Some((read, n));
            }
            match encode_part(b, || _mm512_permutexvar_epi16(next, b), dst.add(n), None) {
                Some((read, m)) => Some((32 + read, n + m)),
                None => Some((32, n)),
            }
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
            Some((32, encode_units(units, dst, None)?))
        }

        #[inline(always)]
        unsafe fn latin1_to_utf8(src: *const u8, dst: *mut u8) -> Option<(usize, usize)> {
            // SAFETY: the caller's promises.
            let bytes = _mm512_loadu_si512(src.cast());
            if _mm512_movepi8_mask(bytes) == 0 {
                _mm512_storeu_si512(dst.cast(), bytes);
                return Some((64, 64));
            }
            // `[ASCII, -]` or `[lead, continuation]` per byte, interleaved into
            // `u16` lanes half by half, and a compress that keeps the second
            // byte where there is one.
            let ascii = !_mm512_movepi8_mask(bytes);
            let b = |v: u8| _mm512_set1_epi8(v as i8);
            let lead = _mm512_or_si512(
                _mm512_and_si512(_mm512_srli_epi16::<6>(bytes), b(0x03)),
                b(0xC0),
            );
            let first = _mm512_mask_blend_epi8(ascii, lead, bytes);
            let second = _mm512_and_si512(bytes, b(0xBF));
            let mut written = 0;
            for (h, idx) in INTERLEAVE.iter().enumerate() {
                let idx = _mm512_loadu_si512(idx.as_ptr().cast());
                let pairs = _mm512_permutex2var_epi8(first, idx, second);
                let ascii = (ascii >> (32 * h)) as u32;
                let keep = 0x5555_5555_5555_5555 | deposit(!ascii as u64, 0xAAAA_AAAA_AAAA_AAAA);
                // SAFETY: the caller's promise; each half writes at most 64 bytes.
                _mm512_storeu_si512(
                    dst.add(written).cast(),
                    _mm512_maskz_compress_epi8(keep, pairs),
                );
                written += keep.count_ones() as usize;
            }
            Some((64, written))
        }
    }
}
