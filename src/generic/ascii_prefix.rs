//! The ASCII an input starts with, copied as it is ([`ascii_prefix`]): where
//! ASCII stays one byte (UTF-8 to Latin-1, Latin-1 to UTF-8), a conversion
//! that starts with a run of ASCII (markup, logs, English text, or all of an
//! input) copies it before its own loop takes over.
//!
//! The copy goes in 32-byte vectors, each tested and stored before the next
//! is loaded. On Zen 5, copying an all-ASCII file of 87 KB from L2 to L2 ran
//! at about 100 GB/s with one 64-byte vector a step (load, test, store: the
//! AVX-512 kernels' block loops, and simdutf icelake's, in most of the
//! machine's phases), at 102 with two 32-byte vectors tested together, and at
//! 118-124 with each 32-byte vector tested and stored on its own (a memcpy:
//! 125-134); 16-byte vectors ran at 61, bound by the loop (BENCHMARKS.md,
//! fifty-fifth session).

use super::vector_traits::ByteVector;

/// Copies the ASCII bytes `src` starts with into `dst`, in whole 64-byte
/// blocks while both have one: the bytes copied (a multiple of 64; the block
/// with the first byte above 0x7F is left, though some of it may have been
/// written). `V` is a 32-byte vector (AVX2's).
///
/// # Safety
/// The CPU supports `V`.
#[inline(always)]
pub(crate) unsafe fn ascii_prefix<V: ByteVector>(src: &[u8], dst: &mut [u8]) -> usize {
    let len = src.len().min(dst.len());
    if len < 64 || V::LANES != 32 {
        return 0;
    }
    let (from, to) = (src.as_ptr(), dst.as_mut_ptr());
    let last = len - 64;
    let mut n = 0;
    // SAFETY: `n <= last`: 64 bytes from `n` in both slices; the caller's
    // promise for the instruction set.
    unsafe {
        loop {
            let low = V::load(from.add(n));
            if !low.is_ascii() {
                return n;
            }
            low.write_to(to.add(n));
            let high = V::load(from.add(n + 32));
            if !high.is_ascii() {
                return n;
            }
            high.write_to(to.add(n + 32));
            n += 64;
            if n > last {
                return n;
            }
        }
    }
}
