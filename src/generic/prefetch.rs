//! Asking for cache lines ahead of a pass over input that is read from beyond
//! the caches the hardware prefetchers keep ahead of: a hint the loops of
//! [`validate_utf8`](super::validate_utf8) and UTF-32 validation
//! ([`portable::check_utf32`](super::portable::check_utf32)) give for long
//! inputs. A no-op where the instruction set has no stable prefetch.

/// How far ahead of the pass each step asks for a cache line: the pass alone
/// keeps too few lines on their way (Zen 5: UTF-8 validation of 200 MB, GB/s
/// none / 8 KB ahead: French 25-29 / 28-33, Chinese 24-26 / 29-31; UTF-32
/// validation of French text, 1.7 MB, from L3: 123-126 / 134-135).
pub(crate) const AHEAD: usize = 8 << 10;

/// Asks for the cache line [`AHEAD`] bytes after `at` (a hint: no fault,
/// whatever the address).
#[inline(always)]
pub(crate) fn prefetch_ahead(at: *const u8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing and faults on no address; SSE is part
    // of x86-64.
    unsafe {
        use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(at.wrapping_add(AHEAD).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (at, AHEAD);
}
