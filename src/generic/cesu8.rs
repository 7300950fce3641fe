//! CESU-8 (and Modified UTF-8) in 128-bit vectors, 16 bytes a step: the block
//! paths of the kernels without a wider one (SSE4.2, AVX2, NEON), from UTF-8
//! for text of supplementary characters (emoji) and back.
//!
//! Encoding ([`block_loop`] of [`Spread`]), the scheme of the AVX-512 path
//! (`arch/x86_64/avx512/cesu8.rs`): each byte of a 4-byte character `F0..F4
//! b1 b2 b3` turns into one output byte computed from itself and the byte
//! after it (the lead into `A0 | plane - 1`, the second byte into `80 | (b1 &
//! F) << 2 | b2 >> 4 & 3`, the third into `B0 | b2 & F`, the fourth as it is),
//! ASCII bytes stay, and an `ED` goes before each lead and each third byte.
//! Where AVX-512 spreads the bytes with one byte expand, here each half of
//! eight bytes is spread by a byte shuffle from [`SPREAD`], indexed by the
//! half's gaps, and the gaps are filled with `ED`.
//!
//! Decoding ([`pairs_loop`] of [`Squeeze`]), the same way back: each surrogate pair `ED
//! A0..AF b2 ED B0..BF b5` becomes the four bytes of its character, its first
//! three bytes computed from themselves and the one or two after them, its
//! second `ED` and `B0..BF` dropped; each half of eight is packed by a byte
//! shuffle from [`SQUEEZE`], indexed by the bytes the half drops.

use core::mem::MaybeUninit;

use super::vector_traits::Simd128;

/// For each pattern of eight bits, the byte shuffle that moves the eight bytes
/// from `base` of a vector: with `gaps`, spread over the eight and the gaps
/// (bit `i`: a gap before byte `i`, where an `ED` goes), else packed to the
/// front without the dropped bytes (bit `i`: byte `i` goes); 0x80 (a zero) at
/// the gaps and after the last byte.
const fn shuffles(base: u8, gaps: bool) -> [[u8; 16]; 256] {
    let mut table = [[0x80u8; 16]; 256];
    let mut bits = 0;
    while bits < 256 {
        let (mut i, mut at) = (0, 0);
        while i < 8 {
            let set = bits >> i & 1 == 1;
            if gaps && set {
                at += 1;
            }
            if gaps || !set {
                table[bits][at] = base + i as u8;
                at += 1;
            }
            i += 1;
        }
        bits += 1;
    }
    table
}

/// [`shuffles`] that spread each half of a vector.
static SPREAD: [[[u8; 16]; 256]; 2] = [shuffles(0, true), shuffles(8, true)];

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

/// [`shuffles`] that pack each half of a vector.
static SQUEEZE: [[[u8; 16]; 256]; 2] = [shuffles(0, false), shuffles(8, false)];

/// Where decoding steps end inside a pair: from the pair starts among the
/// last step's last five bytes (bit 4: its last byte), the bytes read and
/// written to take back (the step wrote the first three bytes of a pair cut
/// off after them, or all it had of one cut off before).
#[inline(always)]
pub(crate) fn cut_pair(starts: u32) -> (usize, usize) {
    match starts {
        0 => (0, 0),
        _ => {
            let back = 5 - (31 - starts.leading_zeros() as usize);
            (back, back.min(3))
        }
    }
}

/// A decoding block path's step, for [`pairs_loop`] (a trait for the reason
/// given at [`Blocks`]).
pub(crate) trait Pairs {
    /// The bytes a step decodes.
    const STEP: usize;
    /// The bytes of input the loop wants from a step's start (a step reads
    /// `STEP + 2`).
    const READ: usize;
    /// The bytes a step may write.
    const ROOM: usize;
    /// What a step passes to the next: its pair starts.
    type Carry: Copy;

    /// The carry before the first step: no pair start.
    ///
    /// # Safety
    /// The CPU supports the kernel.
    unsafe fn none() -> Self::Carry;

    /// Decodes the `STEP` bytes at `src` (`STEP + 2` readable) to `dst`
    /// (`ROOM` writable), given the pair starts of the step before in `carry`
    /// (a pair cut off by the end of that step is finished, and checked,
    /// here): the bytes written and this step's pair starts; `None`, having
    /// written nothing that counts, when a byte is neither ASCII from 01 nor
    /// in a valid pair.
    ///
    /// # Safety
    /// The CPU supports the kernel; the bytes as described; `src` is at a
    /// sequence boundary or continues the pair of `carry` that the step
    /// before cut off.
    unsafe fn step(
        src: *const u8,
        dst: *mut u8,
        carry: Self::Carry,
    ) -> Option<(usize, Self::Carry)>;

    /// The carry's pair starts, bit `i` for the step's byte `i`.
    ///
    /// # Safety
    /// The CPU supports the kernel.
    unsafe fn starts(carry: Self::Carry) -> u64;
}

/// The 128-bit decoding steps, in `S`: 16 bytes, each half of eight packed
/// by a shuffle from [`SQUEEZE`].
pub(crate) struct Squeeze<S>(core::marker::PhantomData<S>);

impl<S: Simd128> Pairs for Squeeze<S> {
    const STEP: usize = 16;
    const READ: usize = 24;
    const ROOM: usize = 32;
    type Carry = S;

    #[inline(always)]
    unsafe fn none() -> S {
        // SAFETY: the caller's promise.
        unsafe { S::splat(0) }
    }

    /// One step: the 16 bytes, the pair starts (0xFF bytes) of the step
    /// before in `carry`.
    #[inline(always)]
    unsafe fn step(src: *const u8, dst: *mut u8, carry: S) -> Option<(usize, S)> {
        // SAFETY (loads, stores): the caller's promise. `next` and `after`
        // hold at each place the byte one and two further on.
        unsafe {
            let bytes = S::load(src);
            let next = S::load(src.add(1));
            let after = S::load(src.add(2));
            // A pair starts with `ED A0..AF`; its bytes 2 and 5 are
            // continuations, its byte 3 an `ED` before `B0..BF`.
            let ed = bytes.eq(S::splat(0xED));
            let next_top = next.and(S::splat(0xF0));
            let starts = ed.and(next_top.eq(S::splat(0xA0)));
            let low = ed.and(next_top.eq(S::splat(0xB0)));
            let cont = bytes.and(S::splat(0xC0)).eq(S::splat(0x80));
            let ascii = S::splat(0).lt_i8(bytes);
            // The step's bytes that are byte `k` of a pair, its own or the
            // step before's.
            let (at1, at2, at3) = (
                starts.prev::<1>(carry),
                starts.prev::<2>(carry),
                starts.prev::<3>(carry),
            );
            let (at4, at5) = (starts.prev::<4>(carry), starts.prev::<5>(carry));
            let pairs = starts.or(at1).or(at2).or(at3).or(at4).or(at5);
            // `x & !y` as `(x | y) ^ y`: a byte neither ASCII nor in a pair, a
            // pair's byte 2 or 5 not a continuation, its byte 3 not `ED
            // B0..BF`.
            let stray = ascii.or(pairs).xor(S::splat(0xFF));
            let not_cont = at2.or(at5).or(cont).xor(cont);
            let not_low = at3.or(low).xor(low);
            if stray.or(not_cont).or(not_low).any_nonzero() {
                return None;
            }
            // The character `0x10000 + ((b1 & F) << 16 | (b2 & 3F) << 10 | (b4
            // & F) << 6 | b5 & 3F)`, as in the AVX-512 step: plane `u = (b1 &
            // F) + 1`; its bytes `F0 | u >> 2` at the first `ED`, `80 | (u & 3)
            // << 4 | b2 >> 2 & F` at `b1`, `80 | (b2 & 3) << 4 | b4 & F` at
            // `b2`, `b5` as it is. (No bit crosses a byte in the 16-bit shifts
            // and additions: each result is masked after, or its input is
            // below 0x11.)
            let plane = next.and(S::splat(0x0F)).add16(S::splat16(0x0101));
            let lead = plane.shr16::<2>().and(S::splat(0x07)).or(S::splat(0xF0));
            let two_bits = bytes.and(S::splat(0x03));
            let plane_low = two_bits
                .add16(S::splat16(0x0101))
                .and(S::splat(0x03))
                .shl16::<4>();
            let second = plane_low
                .or(next.shr16::<2>().and(S::splat(0x0F)))
                .or(S::splat(0x80));
            let third = two_bits
                .shl16::<4>()
                .or(after.and(S::splat(0x0F)))
                .or(S::splat(0x80));
            let out = starts.blend(lead, bytes);
            let out = at1.blend(second, out);
            let out = at2.blend(third, out);
            // The second `ED` and its `B0..BF` go.
            let drops = at3.or(at4).movemask();
            let mut written = 0;
            for (half, table) in SQUEEZE.iter().enumerate() {
                let half_drops = drops >> (8 * half) & 0xFF;
                let shuffle = S::load(table[half_drops as usize].as_ptr());
                out.shuffle(shuffle).store(dst.add(written));
                written += 8 - half_drops.count_ones() as usize;
            }
            Some((written, starts))
        }
    }

    #[inline(always)]
    unsafe fn starts(carry: S) -> u64 {
        // SAFETY: the caller's promise.
        u64::from(unsafe { carry.movemask() })
    }
}

/// See `operations::cesu8_pairs_to_utf8`, for every decoding block path:
/// steps of `P` while `P::READ` bytes of input and `P::ROOM` of room remain,
/// until one has no pair of its own (a stretch of ASCII: the kernel's, not
/// this path's) or declines. No step waits for the one before (each reads
/// its `STEP` bytes and two more; a pair cut off at the end of one is
/// finished, and checked, by the next); where the steps end inside a pair,
/// the bytes read and written go back to its start.
///
/// # Safety
/// The CPU supports `P`'s kernel; `src` starts at a sequence boundary.
#[inline(always)]
pub(crate) unsafe fn pairs_loop<P: Pairs>(
    src: &[u8],
    dst: &mut [MaybeUninit<u8>],
) -> (usize, usize) {
    // SAFETY (all calls): the caller's promise; each step gets `READ` (at
    // least `STEP + 2`) readable bytes from `read` and `ROOM` writable from
    // `written` (the loop's condition), after the step before.
    unsafe {
        let (mut read, mut written, mut carry, mut last) = (0, 0, P::none(), 0);
        while src.len() - read >= P::READ && dst.len() - written >= P::ROOM {
            let step = P::step(
                src.as_ptr().add(read),
                dst.as_mut_ptr().add(written).cast(),
                carry,
            );
            let Some((w, starts)) = step else {
                break;
            };
            (read, written, carry) = (read + P::STEP, written + w, starts);
            last = P::starts(starts);
            if last == 0 {
                break;
            }
        }
        let (r, w) = cut_pair((last >> (P::STEP - 5)) as u32);
        (read - r, written - w)
    }
}
