//! [`Wide`] for `__m512i`: the AVX-512 block conversions the generic algorithms ask
//! for first.

use core::arch::x86_64::*;

use super::cesu8::{Compress, Expand};
use super::decode::*;
use super::encode::*;
use super::latin1::latin1_run;
use super::*;
use crate::generic::ascii_prefix::ascii_prefix;
use crate::generic::cesu8::{block_loop, pairs_loop};
use crate::generic::wide::{Carry, Wide};

/// The GF(2) matrix of `gf2p8affine` that shifts a byte right by 6: row `i`
/// (byte `7 - i` of the quadword) picks the input bit that becomes bit `i`,
/// bit 6 for bit 0 and bit 7 for bit 1.
const SHIFT_RIGHT_6: u64 = 0x40 << 56 | 0x80 << 48;

/// Latin-1 to UTF-8 for a block, `bytes`, with bytes above 0x7F (`high`, not
/// 0), at `dst`: the bytes written (64 and one a high byte).
///
/// # Safety
/// The CPU supports the AVX-512 kernel; `dst..dst + 128` is writable.
#[inline(always)]
unsafe fn latin1_block(bytes: __m512i, high: u64, dst: *mut u8) -> usize {
    unsafe {
        // `[ASCII, -]` or `[lead, continuation]` per byte, interleaved into
        // `u16` lanes half by half (a two-register byte permute), and a
        // compress that keeps the second byte where there is one. The lead,
        // `0xC0 | b >> 6`, is one affine transform over GF(2) of the byte
        // (the matrix moves bits 6 and 7 to 0 and 1, the constant adds
        // 0xC0), applied to the bytes above 0x7F only: the first bytes in
        // one instruction.
        let first = _mm512_mask_gf2p8affine_epi64_epi8::<0xC0>(
            bytes,
            _mm512_movepi8_mask(bytes),
            bytes,
            _mm512_set1_epi64(SHIFT_RIGHT_6 as i64),
        );
        let second = _mm512_and_si512(bytes, w8(0xBF));
        // A pair's second byte is kept where it is a continuation byte (top
        // bit set: only after a lead); its first always. One compare against
        // `[0, 0x80]` pairs gives the mask in a mask register, and the counts
        // come from `high`: moving masks to general registers costs about a
        // cycle each on Zen 5 (BENCHMARKS.md, twenty-seventh session).
        let floor = _mm512_set1_epi16(0x8000u16 as i16);
        let written = [
            32 + (high as u32).count_ones() as usize,
            64 + high.count_ones() as usize,
        ];
        for (h, idx) in INTERLEAVE.iter().enumerate() {
            let idx = _mm512_loadu_si512(idx.as_ptr().cast());
            let pairs = _mm512_permutex2var_epi8(first, idx, second);
            let keep = _mm512_cmpge_epu8_mask(pairs, floor);
            let at = if h == 0 { 0 } else { written[0] };
            // SAFETY: the caller's promise; each half writes at most 64 bytes.
            _mm512_storeu_si512(dst.add(at).cast(), _mm512_maskz_compress_epi8(keep, pairs));
        }
        written[1]
    }
}

/// Latin-1 to UTF-8 for a block, `bytes`, with one byte above 0x7F (whose
/// bit alone is set in `high`), at `dst`: 65 bytes written. No compress and
/// no permute: two stores. Every byte as it goes after a lead (ASCII as it
/// is, the high byte as its continuation) is stored one place on, then the
/// bytes up to the high byte (the high byte as its lead) over the first of
/// them by a masked store. Text with an accented letter here and there has
/// many such blocks (French: 28% of its blocks, about as many as those with
/// two or more). The places up to the high byte come from `high` in a
/// general register (`high ^ (high - 1)`): on Zen 5 arithmetic in mask
/// registers took longer than the move to one (German text 2.28 → 2.13 µs,
/// Portuguese 3.63 → 3.25 µs, BENCHMARKS.md, fifty-second session), where
/// on Zen 4 the move had been the slower (forty-eighth session). The
/// forty-eighth session's single store (the bytes after the high byte moved
/// one place on by a byte permute, a blend, the 65th byte by a register
/// move), with the places from a general register, took the same time on
/// Zen 5 with three more instructions. It reads no input: a load of the
/// bytes one earlier, or of the last byte, read input that the stores of
/// the blocks just before had written to the same low twelve address bits,
/// where the output runs less than a block ahead of the input in the same
/// offsets of their pages (4K aliasing; BENCHMARKS.md, forty-ninth
/// session).
///
/// # Safety
/// The CPU supports the AVX-512 kernel; `dst..dst + 65` is writable; `high`
/// is the mask of `bytes`' top bits.
#[inline(always)]
unsafe fn latin1_sparse(bytes: __m512i, high: u64, dst: *mut u8) -> usize {
    let lead = _mm512_mask_gf2p8affine_epi64_epi8::<0xC0>(
        bytes,
        _mm512_movepi8_mask(bytes),
        bytes,
        _mm512_set1_epi64(SHIFT_RIGHT_6 as i64),
    );
    // `(b | 0x80) & 0xBF` is a high byte's continuation (not above it) and
    // above an ASCII byte: the smaller of it and `b` is each byte as it goes
    // after a lead.
    let cont = _mm512_min_epu8(
        bytes,
        _mm512_ternarylogic_epi64::<0xA8>(bytes, w8(0x80), w8(0xBF)),
    );
    // SAFETY: the caller's promise.
    unsafe {
        _mm512_storeu_si512(dst.add(1).cast(), cont);
        // The places up to the high byte (all 64 where it is the last).
        _mm512_mask_storeu_epi8(dst.cast(), high ^ high.wrapping_sub(1), lead);
    }
    65
}

/// Latin-1 to UTF-8 for a block, `bytes`, at `dst`: the bytes written (64
/// and one a byte above 0x7F).
///
/// # Safety
/// The CPU supports the AVX-512 kernel; `dst..dst + 128` is writable.
#[inline(always)]
unsafe fn latin1_step(bytes: __m512i, dst: *mut u8) -> usize {
    // The bits for the tests and counts; the blocks' masked operations take
    // the mask register itself (they ask for `_mm512_movepi8_mask(bytes)`
    // again, which the compiler shares with this one).
    // SAFETY: the caller's promises.
    unsafe {
        let high = general(_mm512_movepi8_mask(bytes));
        if high == 0 {
            _mm512_storeu_si512(dst.cast(), bytes);
            64
        } else if high & high.wrapping_sub(1) == 0 {
            latin1_sparse(bytes, high, dst)
        } else {
            latin1_block(bytes, high, dst)
        }
    }
}

/// The four blocks at `at`.
///
/// # Safety
/// `at..at + 256` is readable; the CPU supports AVX-512 F.
#[inline(always)]
unsafe fn four_blocks(at: *const u8) -> [__m512i; 4] {
    // SAFETY: the caller's promise.
    unsafe {
        [
            _mm512_loadu_si512(at.cast()),
            _mm512_loadu_si512(at.add(64).cast()),
            _mm512_loadu_si512(at.add(128).cast()),
            _mm512_loadu_si512(at.add(192).cast()),
        ]
    }
}

/// `mask` moved to a general register, where the compiler would test it in
/// the mask register (`kortestq`) and move it afterwards only where it is
/// not zero. A block loop that needs the bits of most blocks it tests runs
/// faster on Zen 4 with the one move and a test of the general register:
/// French Latin-1 text 11.96 → 11.53 µs in a C model of the loop (measured
/// throughput: `kortestq` about 1.2 cycles, the move 2; BENCHMARKS.md,
/// forty-eighth session).
///
/// # Safety
/// The CPU supports AVX-512 BW.
#[inline]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn general(mask: u64) -> u64 {
    let bits: u64;
    // SAFETY: a move from a mask register to a general one, nothing else.
    unsafe {
        core::arch::asm!(
            "kmovq {bits}, {mask}",
            bits = out(reg) bits,
            mask = in(kreg) mask,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    bits
}

// SAFETY: the methods use AVX-512 F, BW, VBMI, VBMI2, GFNI and BMI2, which the
// AVX-512 kernel requires of the CPU.
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
                    _mm512_mask_storeu_epi16(out.cast::<u16>().add(32 * h).cast(), lanes, units);
                }
            }
            _ => {
                for k in 0..4 {
                    let units = _mm512_cvtepu8_epi32(quarter(self, k));
                    let lanes = (mask >> (16 * k)) as u16;
                    _mm512_mask_storeu_epi32(out.cast::<u32>().add(16 * k).cast(), lanes, units);
                }
            }
        }
    }

    #[inline(always)]
    unsafe fn load_short(src: &[u8]) -> Self {
        // SAFETY: the caller's promise: at most 64 bytes, all in `src`; a
        // masked load reads no others.
        _mm512_maskz_loadu_epi8(low_bits(src.len()), src.as_ptr().cast())
    }

    #[inline(always)]
    unsafe fn valid_two_byte_utf8(self) -> Option<bool> {
        let at_least = |byte: u8| _mm512_cmpge_epu8_mask(self, w8(byte));
        if at_least(0xE0) != 0 {
            return None;
        }
        // Below 0xE0 a byte is ASCII, a continuation (80-BF), a lead that is
        // never valid (C0, C1) or a 2-byte lead (C2-DF). Valid: no C0 or C1,
        // and the continuations exactly the bytes after the leads. A lead cut
        // off by the string's end is followed by a zero byte, no continuation.
        let high = _mm512_movepi8_mask(self);
        let from_c0 = at_least(0xC0);
        let leads = at_least(0xC2);
        let continuations = high & !from_c0;
        Some(((continuations ^ (leads << 1)) | (from_c0 ^ leads)) == 0)
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

    /// The ASCII the input starts with by [`ascii_prefix`], then blocks by
    /// [`latin1_step`]: an ASCII block is stored as it is, one with
    /// a single byte above 0x7F goes by [`latin1_sparse`], any other by
    /// [`latin1_block`]. On Zen 5 a plain block loop, the ASCII case falling
    /// through, ran text with a rare accented letter (Esperanto, Latin-1) at
    /// the speed of pure ASCII, where the generic loop (ASCII runs tested
    /// four vectors at a time, then one; the block step on its own) lost
    /// about ten cycles an accented block: 80 against simdutf's 92 GB/s, now
    /// 90 against 91 (BENCHMARKS.md, twenty-eighth session). The blocks go in
    /// groups of four, each group's loads of the next four issued before its
    /// stores, then one at a time, each block's load of the next before its
    /// stores: the output runs ahead of the input by a few bytes, so where
    /// both start at the same offset in a page (large allocations do), a load
    /// issued after a store to the same offset of another page waits for it
    /// (4K aliasing): 22 cycles a block of French-like text in L1, 6.6 with
    /// the load first (simdutf icelake: 21); German 4.33 → 4.1 µs by the
    /// groups in a C model of the loop (BENCHMARKS.md, forty-ninth session).
    #[inline(always)]
    unsafe fn latin1_to_utf8_run(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
        // The ASCII the input starts with, by the copy loop.
        // SAFETY: the caller's promise.
        let start = unsafe { ascii_prefix::<__m256i>(src, dst) };
        let (mut read, mut written) = (start, start);
        // SAFETY: in a group, 512 bytes from `read` are in `src` (its four
        // blocks and the next four), 512 from `written` in `dst`; in a step,
        // 128 bytes from `read` in `src` (the block and the next), 128 from
        // `written` in `dst`: `groups` and `steps` allow that.
        unsafe {
            // The input through an opaque pointer: as `&[u8]` and `&mut
            // [u8]`, the compiler knows loads from `src` and stores to `dst`
            // do not overlap, and moves each block's load past the stores of
            // the blocks before (to where it is used).
            //
            // Both buffers on a page boundary (as large allocations are), the
            // output runs a little ahead of the input in the low twelve bits
            // of the address, and a load issued after a store to the same
            // low twelve bits waits for it (4K aliasing): the output of each
            // block then waits for an earlier block's, and in text where the
            // output runs one to a few blocks ahead, that chain sets the
            // speed. Each group of four blocks therefore loads the next four
            // before it stores: within the group loop, a load follows only
            // stores to offsets at least five blocks behind, and converting
            // five blocks takes longer than a link of the chain waits.
            // Esperanto text (99% ASCII) 1.96 → 1.60 µs on Zen 4 by the
            // opaque pointer (forty-eighth session); German 4.33 → 4.1 µs by
            // the groups in a C model of the loop (forty-ninth session).
            let s = core::hint::black_box(src.as_ptr());
            loop {
                let groups = ((src.len() - read) / 256)
                    .saturating_sub(1)
                    .min((dst.len() - written) / 512);
                if groups == 0 {
                    break;
                }
                let mut blocks = four_blocks(s.add(read));
                for _ in 0..groups {
                    let next = four_blocks(s.add(read + 256));
                    let out = dst.as_mut_ptr();
                    written += latin1_step(blocks[0], out.add(written));
                    written += latin1_step(blocks[1], out.add(written));
                    written += latin1_step(blocks[2], out.add(written));
                    written += latin1_step(blocks[3], out.add(written));
                    read += 256;
                    blocks = next;
                }
            }
            loop {
                // Blocks that the input and the room both allow, one counter a
                // block; the input's last block is left to the generic loop,
                // as every step loads the block after its own.
                let steps = ((src.len() - read) / 64)
                    .saturating_sub(1)
                    .min((dst.len() - written) / 128);
                if steps == 0 {
                    break;
                }
                let mut bytes = _mm512_loadu_si512(s.add(read).cast());
                for _ in 0..steps {
                    let next = _mm512_loadu_si512(s.add(read + 64).cast());
                    written += latin1_step(bytes, dst.as_mut_ptr().add(written));
                    read += 64;
                    bytes = next;
                }
            }
        }
        (read, written)
    }

    #[inline(always)]
    unsafe fn supplementary_to_cesu8_run(
        src: &[u8],
        dst: &mut [u8],
        nul: bool,
    ) -> Option<(usize, usize)> {
        // SAFETY: the caller's promise.
        Some(unsafe { block_loop::<Expand>(src, dst, nul) })
    }

    #[inline(always)]
    unsafe fn cesu8_pairs_run(
        src: &[u8],
        dst: &mut [core::mem::MaybeUninit<u8>],
    ) -> Option<(usize, usize)> {
        // SAFETY: the caller's promise.
        Some(unsafe { pairs_loop::<Compress>(src, dst) })
    }

    #[inline(always)]
    unsafe fn utf8_to_latin1_run(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
        // SAFETY: the caller's promise.
        unsafe { latin1_run(src, dst) }
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
        let (written, cont, leads) = latin1_of_stream(block, &ctx, out)?;
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
        encode_short(units, len, dst, room)
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
        let bytes = _mm256_maskz_loadu_epi8(lanes, src.cast());
        // Every Latin-1 character takes one or two bytes: no three-byte case.
        // The bytes past `len` were loaded as 0: `high` is within `lanes`.
        let high = _mm256_movepi8_mask(bytes);
        let units = _mm512_cvtepu8_epi16(bytes);
        let written = encode_two_bytes(units, high, dst, (lanes, len as u32), room, true)?;
        Some((len, written))
    }

    #[inline(always)]
    unsafe fn utf32_to_utf8_short(
        src: *const u32,
        len: usize,
        dst: *mut u8,
        room: usize,
    ) -> Option<(usize, usize)> {
        let lanes = low_bits(len) as u32;
        let halves = [lanes as u16, (lanes >> 16) as u16];
        // SAFETY: the caller's promises; the masked loads read only `len`
        // values (the second address is formed with wrapping arithmetic, and
        // read only when `len` exceeds 16).
        let values = [
            _mm512_maskz_loadu_epi32(halves[0], src.cast()),
            _mm512_maskz_loadu_epi32(halves[1], src.wrapping_add(16).cast()),
        ];
        if not_scalar(values[0]) & halves[0] | not_scalar(values[1]) & halves[1] != 0 {
            return None;
        }
        let parts = [
            scalar_bytes(values[0], halves[0]),
            scalar_bytes(values[1], halves[1]),
        ];
        let total = (parts[0].1.count_ones() + parts[1].1.count_ones()) as usize;
        if total > room {
            return None;
        }
        let mut written = 0;
        for (bytes, keep) in parts {
            let n = keep.count_ones() as usize;
            // SAFETY: exactly `n` bytes, within `room` (checked above).
            store(
                dst.add(written),
                _mm512_maskz_compress_epi8(keep, bytes),
                n,
                true,
            );
            written += n;
        }
        Some((len, written))
    }

    const UNITS: usize = 64;
    const SHORT_STEPS: bool = true;
    // Two conversions of 32 units: the second starts at most 96 bytes in and
    // touches at most 113 (see `encode_part`: a half of 16 lanes writes up to
    // 49 bytes when a surrogate pair starts at its last lane). 208 let a
    // 64-byte store write one byte past the output (found by the fuzzer).
    const ROOM: usize = 209;

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
        let above_two = _mm512_and_si512(_mm512_or_si512(a, b), w16(0xF800));
        if _mm512_test_epi16_mask(above_two, above_two) == 0 {
            // Every unit below U+0800: both halves by the two-byte encoder,
            // which takes ASCII lanes as they come. No branch on whether a
            // half is ASCII: in Latin-script text that is a coin toss.
            let high = |v| _mm512_cmpge_epu16_mask(v, w16(0x80));
            let all = (u32::MAX, 32);
            let n = encode_two_bytes(a, high(a), dst, all, usize::MAX, false)?;
            let m = encode_two_bytes(b, high(b), dst.add(n), all, usize::MAX, false)?;
            return Some((64, n + m));
        }
        // Each lane's successor: of `a`'s last, `b`'s first; of `b`'s last,
        // garbage (a high surrogate there is left for the next call).
        let (read, n) = encode_part(a, b, dst)?;
        if read < 32 {
            return Some((read, n));
        }
        match encode_part(b, b, dst.add(n)) {
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
        let all = _mm512_or_si512(a, b);
        if _mm512_test_epi32_mask(all, w32(0xFFFF_FF80)) == 0 {
            // 32 ASCII values (markup, English): narrowed, no encoding.
            _mm_storeu_si128(dst.cast(), _mm512_cvtepi32_epi8(a));
            _mm_storeu_si128(dst.add(16).cast(), _mm512_cvtepi32_epi8(b));
            return Some((32, 32));
        }
        let upper = _mm512_and_si512(all, w32(0xFFFF_0000));
        if _mm512_test_epi32_mask(upper, upper) != 0 {
            // Some value above U+FFFF: each half to one to four bytes a lane.
            if not_scalar(a) | not_scalar(b) != 0 {
                return None;
            }
            let mut written = 0;
            for half in [a, b] {
                let (bytes, keep) = scalar_bytes(half, u16::MAX);
                // SAFETY: the caller's promise of ROOM bytes; each half
                // writes 64 from at most 64 in.
                store(
                    dst.add(written),
                    _mm512_maskz_compress_epi8(keep, bytes),
                    64,
                    false,
                );
                written += keep.count_ones() as usize;
            }
            return Some((32, written));
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
        let high = _mm512_movepi8_mask(bytes);
        if high == 0 {
            _mm512_storeu_si512(dst.cast(), bytes);
            return Some((64, 64));
        }
        Some((64, latin1_block(bytes, high, dst)))
    }

    #[inline(always)]
    unsafe fn utf16_column_masks(block: &[u8; 64], big: bool) -> Option<[u64; 2]> {
        // SAFETY: `block` is 64 readable bytes.
        let mut units = _mm512_loadu_si512(block.as_ptr().cast());
        if big {
            units = swap_bytes(units);
        }
        // One bit a unit: from U+0080; from U+0800 but not a surrogate; a low
        // surrogate. Then two bits a unit, one per byte, as the masks have them.
        let from_80 = _mm512_test_epi16_mask(units, w16(0xFF80));
        let top = _mm512_and_si512(units, w16(0xF800));
        let from_800 =
            _mm512_test_epi16_mask(top, top) & _mm512_cmpneq_epi16_mask(top, w16(0xD800));
        let low = _mm512_cmpeq_epi16_mask(_mm512_and_si512(units, w16(0xFC00)), w16(0xDC00));
        let first = deposit(u64::from(from_80), 0x5555_5555_5555_5555);
        let second = deposit(u64::from(from_800), 0xAAAA_AAAA_AAAA_AAAA);
        let low = deposit(u64::from(low), 0x5555_5555_5555_5555);
        Some([first | second, low | (low << 1)])
    }
}
