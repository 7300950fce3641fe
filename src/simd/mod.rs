//! The byte-vector trait the kernels are written against, with one implementation
//! per instruction set: SSE4.2 (16 bytes), AVX2 (32), AVX-512 (64), NEON (16).
//!
//! Every method is `#[inline(always)]` and `unsafe`: the caller promises the CPU
//! has the instruction set of the implementing type. The kernels call them only
//! from functions compiled with `#[target_feature]` for that set, whose callers
//! (the dispatcher) have checked the CPU, so the intrinsics inline into code built
//! for the right features.

cfg_if::cfg_if! {
    if #[cfg(any(target_arch = "x86", target_arch = "x86_64"))] {
        pub(crate) mod sse42;
        pub(crate) mod avx2;
        #[cfg(target_arch = "x86_64")]
        pub(crate) mod avx512;
    } else if #[cfg(target_arch = "aarch64")] {
        pub(crate) mod neon;
    }
}

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

    /// The vector shifted by `N` bytes (1..=3) towards higher positions, with the
    /// last `N` bytes of `prev` shifted in: byte `i` becomes the byte `N` positions
    /// earlier in the stream `prev ++ self`.
    unsafe fn prev<const N: usize>(self, prev: Self) -> Self;

    /// True when no byte has its high bit set.
    unsafe fn is_ascii(self) -> bool;

    /// True when some byte is non-zero.
    unsafe fn any_nonzero(self) -> bool;
}
