//! The byte-vector trait the kernels are written against, with one implementation
//! per instruction set: SSE4.2 (16 bytes), AVX2 (32), AVX-512 (64), NEON (16).
//!
//! Every method is `#[inline(always)]` and `unsafe`: the caller promises the CPU
//! has the instruction set of the implementing type. The kernels call them only
//! from functions compiled with `#[target_feature]` for that set, whose callers
//! (the dispatcher) have checked the CPU, so the intrinsics inline into code built
//! for the right features.

use super::utf8_classes::{NEXT_HIGH, PREV_HIGH, PREV_LOW};

/// A vector of `LANES` bytes.
///
/// # Safety
///
/// Implementations may only be used on CPUs that support their instruction set;
/// every method has that precondition.
pub(crate) unsafe trait ByteVector: Copy {
    /// Bytes per vector: 16, 32 or 64.
    const LANES: usize;

    /// Loads `LANES` bytes from `ptr`, which needs no alignment.
    ///
    /// # Safety
    /// `ptr..ptr + LANES` is readable; the CPU supports the instruction set.
    unsafe fn load(ptr: *const u8) -> Self;

    /// Loads `LANES` bytes from `ptr`, aligned to `LANES` bytes: where the
    /// instruction set has no unaligned memory operands (SSE), such a load
    /// folds into the operation that uses it. By default [`ByteVector::load`].
    ///
    /// # Safety
    /// As [`ByteVector::load`], and `ptr` is aligned to `LANES` bytes.
    #[inline(always)]
    unsafe fn load_aligned(ptr: *const u8) -> Self {
        // SAFETY: the caller's promise.
        unsafe { Self::load(ptr) }
    }

    /// Every byte set to `b`.
    unsafe fn splat(b: u8) -> Self;

    /// A 16-byte table repeated in every 128-bit lane, for [`ByteVector::lookup16`].
    unsafe fn table16(table: &[u8; 16]) -> Self;

    /// Bitwise or.
    unsafe fn or(self, other: Self) -> Self;

    /// Bitwise and.
    unsafe fn and(self, other: Self) -> Self;

    /// Bitwise exclusive or.
    unsafe fn xor(self, other: Self) -> Self;

    /// 0xFF where the bytes are equal, 0 elsewhere.
    unsafe fn eq(self, other: Self) -> Self;

    /// Unsigned minimum per byte.
    unsafe fn min(self, other: Self) -> Self;

    /// True when some byte is zero.
    unsafe fn has_zero_byte(self) -> bool;

    /// Unsigned maximum per byte.
    unsafe fn max(self, other: Self) -> Self;

    /// Unsigned saturating subtraction per byte.
    unsafe fn saturating_sub(self, other: Self) -> Self;

    /// Each byte shifted right by four bits (its high nibble, 0..=15).
    unsafe fn high_nibbles(self) -> Self;

    /// Each byte's low nibble (0..=15).
    unsafe fn low_nibbles(self) -> Self;

    /// `table[self[i]]` for each byte; every byte of `self` must be below 16.
    unsafe fn lookup16(self, table: Self) -> Self;

    /// The tables [`ByteVector::utf8_classes`] reads, in registers: by default
    /// the three nibble tables of [`utf8_classes`](super::utf8_classes).
    ///
    /// # Safety
    /// The CPU supports the instruction set.
    #[inline(always)]
    unsafe fn utf8_tables() -> [Self; 3] {
        // SAFETY: the caller's promise.
        unsafe {
            [
                Self::table16(&PREV_HIGH),
                Self::table16(&PREV_LOW),
                Self::table16(&NEXT_HIGH),
            ]
        }
    }

    /// The UTF-8 error classes of each byte of `self` after the byte before it
    /// (`prev1`), from the tables of [`ByteVector::utf8_tables`]:
    /// `PREV_HIGH[p >> 4] & PREV_LOW[p & 15] & NEXT_HIGH[b >> 4]`, by default
    /// three nibble lookups.
    ///
    /// # Safety
    /// The CPU supports the instruction set.
    #[inline(always)]
    unsafe fn utf8_classes(self, prev1: Self, tables: &[Self; 3]) -> Self {
        // SAFETY: the caller's promise.
        unsafe {
            prev1
                .high_nibbles()
                .lookup16(tables[0])
                .and(prev1.low_nibbles().lookup16(tables[1]))
                .and(self.high_nibbles().lookup16(tables[2]))
        }
    }

    /// The vector shifted by `N` bytes (1..=5) towards higher positions, with the
    /// last `N` bytes of `prev` shifted in: byte `i` becomes the byte `N` positions
    /// earlier in the stream `prev ++ self`.
    unsafe fn prev<const N: usize>(self, prev: Self) -> Self;

    /// True when no byte has its high bit set.
    unsafe fn is_ascii(self) -> bool;

    /// True when some byte is non-zero.
    unsafe fn any_nonzero(self) -> bool;

    /// Stores the `LANES` bytes at `ptr`, which needs no alignment.
    ///
    /// # Safety
    /// `ptr..ptr + LANES` is writable; the CPU supports the instruction set.
    unsafe fn write_to(self, ptr: *mut u8);

    /// Stores the low halves of the `u16` lanes of `self`, then of `high`, at `dst`
    /// (`LANES` bytes); with `BIG` the lanes are big-endian (the second byte of
    /// each pair is the low half). Every lane must be at most 0xFF.
    ///
    /// # Safety
    /// `dst..dst + LANES` is writable; the CPU supports the instruction set.
    unsafe fn narrow_u16<const BIG: bool>(self, high: Self, dst: *mut u8);

    /// Stores the low bytes of the `u32` lanes of `v[0]`, `v[1]`, `v[2]` and `v[3]`,
    /// in that order, at `dst` (`LANES` bytes). Every lane must be at most 0xFF.
    ///
    /// # Safety
    /// `dst..dst + LANES` is writable; the CPU supports the instruction set.
    unsafe fn narrow_u32(v: [Self; 4], dst: *mut u8);

    /// Widens the `LANES` bytes of `self` to `u16` units at `dst` (`2 * LANES`
    /// bytes), little-endian or, with `BIG`, big-endian.
    ///
    /// # Safety
    /// `dst..dst + 2 * LANES` is writable; the CPU supports the instruction set.
    unsafe fn widen_u16<const BIG: bool>(self, dst: *mut u8);

    /// Widens the `LANES` bytes of `self` to native-endian `u32` units at `dst`
    /// (`4 * LANES` bytes).
    ///
    /// # Safety
    /// `dst..dst + 4 * LANES` is writable; the CPU supports the instruction set.
    unsafe fn widen_u32(self, dst: *mut u8);

    /// Nonzero in the `u16` lanes of `self` that are surrogates (0xD800-0xDFFF),
    /// zero in the others.
    unsafe fn surrogate_units(self) -> Self;

    /// Whether any `u16` lane of `self` is a surrogate (0xD800-0xDFFF).
    ///
    /// # Safety
    /// The CPU supports the instruction set.
    #[inline(always)]
    unsafe fn any_surrogate_unit(self) -> bool {
        // SAFETY: the caller's promise.
        unsafe { self.surrogate_units().any_nonzero() }
    }

    /// The `u16` lanes of `self` plus `k`, wrapping.
    unsafe fn add_units(self, k: u16) -> Self;

    /// The smaller of each `u16` lane of `self` and of `other`.
    unsafe fn min_units(self, other: Self) -> Self;

    /// Widens the `LANES / 2` `u16` lanes of `self` to `u32` values at `dst`
    /// (`2 * LANES` bytes).
    ///
    /// # Safety
    /// `dst..dst + 2 * LANES` is writable; the CPU supports the instruction set.
    unsafe fn widen_units_u32(self, dst: *mut u8);

    /// The `u32` lanes of `self`, then of `high`, as the `u16` lanes of one
    /// vector, in order; a lane above 0xFFFF becomes 0xFFFF.
    unsafe fn pack_u32_units(self, high: Self) -> Self;

    /// The two bytes of every `u16` lane swapped.
    unsafe fn swap_units(self) -> Self;
}

/// A 128-bit vector seen as 16 bytes, 8 `u16` lanes or 4 `u32` lanes: the
/// transcoding kernels' register. Shuffles work within 128 bits on every ISA
/// here, so the transcoders convert 16 bytes at a time on every kernel (the wider
/// kernels compile the same code with their own encodings) and use the kernel's
/// full width only where lanes do not interact (validation, ASCII tests).
///
/// Lane `i` of a `u16` view is bytes `2i` (low) and `2i + 1` (high): memory order
/// on the little-endian machines these ISAs run.
///
/// # Safety
///
/// As for [`ByteVector`]: only on CPUs with the implementing instruction set.
pub(crate) unsafe trait Simd128: ByteVector {
    /// Stores the 16 bytes at `ptr`, which needs no alignment.
    ///
    /// # Safety
    /// `ptr..ptr + 16` is writable; the CPU supports the instruction set.
    unsafe fn store(self, ptr: *mut u8);

    /// The 8 bytes at `ptr` (no alignment needed) in the low half, zeros in
    /// the high half.
    ///
    /// # Safety
    /// `ptr..ptr + 8` is readable; the CPU supports the instruction set.
    unsafe fn load8(ptr: *const u8) -> Self;

    /// Every `u16` lane set to `v`.
    unsafe fn splat16(v: u16) -> Self;

    /// `self[idx[i]]` for each byte, 0 where `idx[i] >= 0x80`; `idx[i]` is below 16
    /// or at least 0x80.
    unsafe fn shuffle(self, idx: Self) -> Self;

    /// A bit per byte (bit `i` for byte `i`): its high bit.
    unsafe fn movemask(self) -> u32;

    /// 0xFF where the byte, read as `i8`, is less than `other`'s.
    unsafe fn lt_i8(self, other: Self) -> Self;

    /// `u16` lanes: bytes 0..8 of `self` as the low bytes and of `high` as the high
    /// bytes.
    unsafe fn zip_low(self, high: Self) -> Self;

    /// `u16` lanes: bytes 8..16 of `self` as the low bytes and of `high` as the high
    /// bytes.
    unsafe fn zip_high(self, high: Self) -> Self;

    /// `u32` lanes: `u16` lanes 0..4 of `self` as the low halves and of `high` as
    /// the high halves.
    unsafe fn zip16_low(self, high: Self) -> Self;

    /// `u32` lanes: `u16` lanes 4..8 of `self` and `high`.
    unsafe fn zip16_high(self, high: Self) -> Self;

    /// The low bytes of the `u16` lanes of `self` (bytes 0..8) and `high` (8..16);
    /// every lane must be at most 0xFF.
    unsafe fn narrow(self, high: Self) -> Self;

    /// The `u16` lanes of `self` (bytes 0..8) and `high` (8..16) read as `i16` and
    /// clamped to 0..=255: a lane below 0x8000 becomes 0xFF when it is above 0xFF.
    unsafe fn narrow_clamped(self, high: Self) -> Self;

    /// `u32` lanes narrowed to `u16` lanes: lanes 0..4 of `self` then of `high`;
    /// every lane must be at most 0xFFFF.
    unsafe fn narrow32(self, high: Self) -> Self;

    /// 0xFFFF in the `u16` lanes that are equal, 0 in the others.
    unsafe fn eq16(self, other: Self) -> Self;

    /// `u16` lanes shifted left by `N` bits.
    unsafe fn shl16<const N: i32>(self) -> Self;

    /// `u16` lanes shifted right (logically) by `N` bits.
    unsafe fn shr16<const N: i32>(self) -> Self;

    /// `u16` lanes added, wrapping.
    unsafe fn add16(self, other: Self) -> Self;

    /// `(x & 0xFF) << 6 | x >> 8` for each `u16` lane `x` whose high byte is
    /// below 0x40 (the two bytes moved past each other: the low one up by six
    /// bits, the high one down by eight; their bits do not meet, so the `|`
    /// is also a sum). One multiply-add of byte pairs on x86 (`pmaddubsw` by
    /// 0x40 and 1: at most 0x3FC0 + 0x3F, no saturation).
    #[inline(always)]
    unsafe fn merge_bytes6(self) -> Self {
        self.and(Self::splat16(0xFF))
            .shl16::<6>()
            .or(self.shr16::<8>())
    }

    /// `u16` lanes added, saturating at 0xFFFF.
    unsafe fn adds16(self, other: Self) -> Self;

    /// `u16` lanes subtracted, saturating at 0.
    unsafe fn subs16(self, other: Self) -> Self;

    /// The larger of each pair of `u16` lanes.
    unsafe fn max16(self, other: Self) -> Self;

    /// Every `u32` lane set to `v`.
    unsafe fn splat32(v: u32) -> Self;

    /// 0xFFFF_FFFF in the `u32` lanes that are equal, 0 in the others.
    unsafe fn eq32(self, other: Self) -> Self;

    /// `u32` lanes shifted left by `N` bits.
    unsafe fn shl32<const N: i32>(self) -> Self;

    /// `u32` lanes shifted right by `N` bits (zeros in).
    unsafe fn shr32<const N: i32>(self) -> Self;

    /// The larger of each pair of `u32` lanes.
    unsafe fn max_u32(self, other: Self) -> Self;

    /// The bytes of `a` where `self` (a byte mask: each byte 0 or 0xFF) is
    /// set, of `b` elsewhere: one blend instruction where the ISA has one.
    #[inline(always)]
    unsafe fn blend(self, a: Self, b: Self) -> Self {
        b.xor(a.xor(b).and(self))
    }
}

/// The four vectors `v` or-ed together (as a pairwise tree): one test of the
/// result tests them all.
#[inline(always)]
pub(crate) unsafe fn or4<V: ByteVector>(v: [V; 4]) -> V {
    v[0].or(v[1]).or(v[2].or(v[3]))
}

/// A [`ByteVector::table16`] table with `bits` in every `u16` lane, stored
/// little-endian (`[0]`) and big-endian (`[1]`): for testing units of either
/// byte order with one `and`.
pub(crate) const fn unit_mask16(bits: u16) -> [[u8; 16]; 2] {
    let mut masks = [[0u8; 16]; 2];
    let mut i = 0;
    while i < 16 {
        masks[0][i] = bits.to_le_bytes()[i % 2];
        masks[1][i] = bits.to_be_bytes()[i % 2];
        i += 1;
    }
    masks
}

/// A [`ByteVector::table16`] table with `bits` in every native-endian `u32` lane.
pub(crate) const fn unit_mask32(bits: u32) -> [u8; 16] {
    let mut mask = [0u8; 16];
    let mut i = 0;
    while i < 16 {
        mask[i] = bits.to_ne_bytes()[i % 4];
        i += 1;
    }
    mask
}
