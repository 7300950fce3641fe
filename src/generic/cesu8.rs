//! CESU-8 (and Modified UTF-8) from UTF-8 for text of supplementary characters
//! (emoji), 16 bytes a step in 128-bit vectors: the encoder's block path on
//! the kernels without a wider one (SSE4.2, AVX2, NEON).
//!
//! The scheme of the AVX-512 path (`arch/x86_64/avx512/cesu8.rs`): each byte
//! of a 4-byte character `F0..F4 b1 b2 b3` turns into one output byte computed
//! from itself and the byte after it (the lead into `A0 | plane - 1`, the
//! second byte into `80 | (b1 & F) << 2 | b2 >> 4 & 3`, the third into `B0 |
//! b2 & F`, the fourth as it is), ASCII bytes stay, and an `ED` goes before
//! each lead and each third byte. Where AVX-512 spreads the bytes with one
//! byte expand, here each half of eight bytes is spread by a byte shuffle
//! from [`SPREAD`], indexed by the half's gaps, and the gaps are filled with
//! `ED`.

use super::vector_traits::Simd128;

/// For each pattern of gaps in eight bytes (bit `i`: an `ED` goes before byte
/// `i`), the shuffle that spreads bytes `base..base + 8` of a vector over the
/// eight and the gaps, 0x80 (a zero, then `ED`) at the gaps and after the
/// last byte.
const fn spread(base: u8) -> [[u8; 16]; 256] {
    let mut table = [[0x80u8; 16]; 256];
    let mut gaps = 0;
    while gaps < 256 {
        let (mut i, mut at) = (0, 0);
        while i < 8 {
            if gaps >> i & 1 == 1 {
                at += 1;
            }
            table[gaps][at] = base + i as u8;
            at += 1;
            i += 1;
        }
        gaps += 1;
    }
    table
}

/// [`spread`] of each half of a vector.
static SPREAD: [[[u8; 16]; 256]; 2] = [spread(0), spread(8)];

/// A block path's step, for [`block_loop`]: a trait rather than closures, so
/// that the step is inlined into the kernel's function (a closure compiled
/// on its own lost the kernel's instruction set: 0.75 GiB/s on AVX2).
pub(crate) trait Blocks {
    /// The bytes a step reads (one more must be readable).
    const STEP: usize;
    /// The bytes a step may write.
    const ROOM: usize;
    /// What a step passes to the next: its leads.
    type Carry: Copy;

    /// The carry before the first step: no lead.
    ///
    /// # Safety
    /// The CPU supports the kernel.
    unsafe fn none() -> Self::Carry;

    /// Converts the `STEP` bytes at `src` (`STEP + 1` readable) to `dst`
    /// (`ROOM` writable), or with `nul` to Modified UTF-8, given the step
    /// before's carry: the bytes written and its own carry; `None`, having
    /// written nothing that counts, when a 2- or 3-byte character (or with
    /// `nul` a zero byte) is among the bytes.
    ///
    /// # Safety
    /// The CPU supports the kernel; the bytes as described, valid UTF-8 that
    /// starts at a character boundary or, with `carry`, continues the step
    /// before.
    unsafe fn step(
        src: *const u8,
        dst: *mut u8,
        nul: bool,
        carry: Self::Carry,
    ) -> Option<(usize, Self::Carry)>;

    /// The carry's leads among the last two bytes of its step: bit 1 for the
    /// last byte, bit 0 for the one before.
    ///
    /// # Safety
    /// The CPU supports the kernel.
    unsafe fn cut(carry: Self::Carry) -> u32;
}

/// The 128-bit block path's steps, in `S`.
pub(crate) struct Spread<S>(core::marker::PhantomData<S>);

impl<S: Simd128> Blocks for Spread<S> {
    const STEP: usize = 16;
    const ROOM: usize = 32;
    type Carry = S;

    #[inline(always)]
    unsafe fn none() -> S {
        // SAFETY: the caller's promise.
        unsafe { S::splat(0) }
    }

    /// One step: the 16 bytes to CESU-8 (or Modified UTF-8), the leads
    /// (0xFF bytes) of the step before in `carry` (its last two count: a
    /// character cut off by the end of that step); each half of eight
    /// spread by a shuffle from [`SPREAD`], `ED` in the gaps.
    #[inline(always)]
    unsafe fn step(src: *const u8, dst: *mut u8, nul: bool, carry: S) -> Option<(usize, S)> {
        // SAFETY (loads, stores): the caller's promise.
        unsafe {
            let bytes = S::load(src);
            let next = S::load(src.add(1));
            let leads = bytes.max(S::splat(0xF0)).eq(bytes);
            // From C0 but not from F0: the lead of a 2- or 3-byte character.
            let mut stop = bytes.max(S::splat(0xC0)).eq(bytes).xor(leads);
            if nul {
                stop = stop.or(bytes.eq(S::splat(0)));
            }
            if stop.any_nonzero() {
                return None;
            }
            let seconds = leads.prev::<1>(carry);
            let thirds = leads.prev::<2>(carry);
            // `low` is the byte's low nibble, `pair` that shifted up by 2 below
            // the next byte's bits 4 and 5 (below 64: no carry between bytes in
            // the 16-bit shifts and the addition).
            let low = bytes.low_nibbles();
            let top = next.shr16::<4>().and(S::splat(0x03));
            let pair = low.shl16::<2>().or(top);
            // The lead's nibble is `b0 & 7` (F0..F4), `pair` its plane: A0 | p - 1.
            let out = leads.blend(pair.add16(S::splat16(0x9F9F)), bytes);
            let out = seconds.blend(pair.or(S::splat(0x80)), out);
            let out = thirds.blend(low.or(S::splat(0xB0)), out);
            let gaps = leads.or(thirds).movemask();
            let mut written = 0;
            for (half, table) in SPREAD.iter().enumerate() {
                let half_gaps = gaps >> (8 * half) & 0xFF;
                let shuffle = S::load(table[half_gaps as usize].as_ptr());
                let spread = out.shuffle(shuffle);
                let filled = shuffle.eq(S::splat(0x80)).blend(S::splat(0xED), spread);
                filled.store(dst.add(written));
                written += 8 + half_gaps.count_ones() as usize;
            }
            Some((written, leads))
        }
    }

    #[inline(always)]
    unsafe fn cut(carry: S) -> u32 {
        // SAFETY: the caller's promise.
        unsafe { carry.movemask() >> 14 }
    }
}

/// See `operations::supplementary_to_cesu8`, for every block path: steps of
/// `B` while a step's input and room remain and a step goes through. No step
/// waits for the one before (each reads `B::STEP` bytes; a character cut off
/// at the end of one is finished by the next); where the steps end inside a
/// character, the bytes read and written go back to its lead, before the
/// `ED` and the one or two bytes written for it (a lead three bytes from the
/// end is finished: its fourth byte is written as it is).
///
/// # Safety
/// The CPU supports `B`'s kernel; `src` is valid UTF-8 that starts at a
/// character boundary.
#[inline(always)]
pub(crate) unsafe fn block_loop<B: Blocks>(
    src: &[u8],
    dst: &mut [u8],
    nul: bool,
) -> (usize, usize) {
    // SAFETY (all calls): the caller's promises; each step gets `STEP + 1`
    // readable bytes from `read` and `ROOM` writable from `written` (the
    // loop's condition), after the step before.
    unsafe {
        let (mut read, mut written, mut carry) = (0, 0, B::none());
        while src.len() - read > B::STEP && dst.len() - written >= B::ROOM {
            let stepped = B::step(
                src.as_ptr().add(read),
                dst.as_mut_ptr().add(written),
                nul,
                carry,
            );
            let Some((w, next)) = stepped else {
                break;
            };
            (read, written, carry) = (read + B::STEP, written + w, next);
        }
        match B::cut(carry) {
            0 => (read, written),
            1 => (read - 2, written - 3),
            _ => (read - 1, written - 2),
        }
    }
}
