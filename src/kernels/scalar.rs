//! The scalar kernel: the reference semantics made fast with word-at-a-time ASCII
//! skipping and a 256-entry lead-byte table (built by `const fn` from the
//! reference's own [`lead`] definition). Used on CPUs without SIMD support and for
//! short inputs, where vector set-up costs more than it saves. Errors are named by
//! the reference, run from the character that failed.

use crate::error::Utf8Error;
use crate::scalar::utf8::{is_continuation, lead, validate_from, Lead};

const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// A lead byte's sequence width (0: cannot start one) and second-byte range.
#[derive(Clone, Copy)]
struct LeadInfo {
    width: u8,
    lo: u8,
    hi: u8,
}

static LEADS: [LeadInfo; 256] = lead_table();

const fn lead_table() -> [LeadInfo; 256] {
    let mut t = [LeadInfo {
        width: 0,
        lo: 0,
        hi: 0,
    }; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = match lead(b as u8) {
            Lead::Ascii => LeadInfo {
                width: 1,
                lo: 0,
                hi: 0,
            },
            Lead::Multi { width, lo, hi } => LeadInfo { width, lo, hi },
            Lead::Invalid(_) => LeadInfo {
                width: 0,
                lo: 0,
                hi: 0,
            },
        };
        b += 1;
    }
    t
}

#[inline(always)]
fn word(src: &[u8], i: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&src[i..i + 8]);
    u64::from_le_bytes(w)
}

/// True when the (at most 64-byte) `src` is all ASCII: a few overlapping word reads,
/// no loop over bytes. Inlined into the short-input path of the free functions.
#[inline(always)]
pub(crate) fn short_is_ascii(src: &[u8]) -> bool {
    let n = src.len();
    if n >= 8 {
        let mut acc = word(src, n - 8);
        let mut i = 0;
        while i + 8 < n {
            acc |= word(src, i);
            i += 8;
        }
        acc & HIGH_BITS == 0
    } else if n >= 4 {
        let head = u32::from_le_bytes([src[0], src[1], src[2], src[3]]);
        let tail = u32::from_le_bytes([src[n - 4], src[n - 3], src[n - 2], src[n - 1]]);
        (head | tail) & 0x8080_8080 == 0
    } else if n > 0 {
        (src[0] | src[n / 2] | src[n - 1]) < 0x80
    } else {
        true
    }
}

/// Validates `src`, exactly as the reference does.
pub(crate) fn check(src: &[u8]) -> Result<(), Utf8Error> {
    let n = src.len();
    let mut i = 0;
    while i < n {
        // A run of ASCII, eight bytes at a time.
        while i + 8 <= n {
            let high = word(src, i) & HIGH_BITS;
            if high != 0 {
                i += (high.trailing_zeros() / 8) as usize;
                break;
            }
            i += 8;
        }
        while i < n && src[i] < 0x80 {
            i += 1;
        }
        // Then non-ASCII characters, for as long as they last.
        while i < n && src[i] >= 0x80 {
            let LeadInfo { width, lo, hi } = LEADS[src[i] as usize];
            let second_ok = |k: usize| i + k < n && (lo..=hi).contains(&src[i + 1]);
            let ok = match width {
                2 => second_ok(1),
                3 => second_ok(2) && is_continuation(src[i + 2]),
                4 => second_ok(3) && is_continuation(src[i + 2]) && is_continuation(src[i + 3]),
                _ => false,
            };
            if !ok {
                return validate_from(src, i);
            }
            i += width as usize;
        }
    }
    Ok(())
}

/// True when `src` is valid UTF-8.
pub(crate) fn validate(src: &[u8]) -> bool {
    check(src).is_ok()
}
