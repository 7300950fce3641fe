//! The scalar kernel: runs where no vector unit is available, and on short inputs.
//!
//! ASCII passes 32 bytes at a time (four word reads, one test); everything else goes
//! through a branch-free "shift" DFA: one 64-bit table entry per byte value holds
//! the next state for every current state, six bits each, so a step is one load
//! and one shift, and no branch depends on the text. The table is built by
//! `const fn` from the reference's own [`lead`] definition (Table 3-7). The DFA
//! only says "valid or not"; errors are named by the reference, run from the last
//! character boundary before the chunk that failed.

use crate::error::Utf8Error;
use crate::generic::validate_utf8::boundary_before;
use crate::reference::utf8::{lead, validate_from, Lead};

/// DFA states, each a multiple of six: the shift that selects its next state in a
/// table entry.
mod state {
    /// Between characters.
    pub const ACCEPT: u32 = 0;
    /// Invalid input seen: stays here.
    pub const REJECT: u32 = 6;
    /// One, two or three continuation bytes (80..BF) still expected.
    pub const CONT_1: u32 = 12;
    pub const CONT_2: u32 = 18;
    pub const CONT_3: u32 = 24;
    /// After a lead byte whose second byte has a narrower range: E0 (A0..BF),
    /// ED (80..9F), F0 (90..BF), F4 (80..8F).
    pub const AFTER_E0: u32 = 30;
    pub const AFTER_ED: u32 = 36;
    pub const AFTER_F0: u32 = 42;
    pub const AFTER_F4: u32 = 48;
}

/// The state after a lead byte `b` read in the ACCEPT state.
const fn after_lead(b: u8) -> u32 {
    match lead(b) {
        Lead::Ascii => state::ACCEPT,
        Lead::Invalid(_) => state::REJECT,
        Lead::Multi { width, lo, hi } => match (width, lo, hi) {
            (2, 0x80, 0xBF) => state::CONT_1,
            (3, 0x80, 0xBF) => state::CONT_2,
            (4, 0x80, 0xBF) => state::CONT_3,
            (3, 0xA0, 0xBF) => state::AFTER_E0,
            (3, 0x80, 0x9F) => state::AFTER_ED,
            (4, 0x90, 0xBF) => state::AFTER_F0,
            (4, 0x80, 0x8F) => state::AFTER_F4,
            _ => panic!("a lead byte the DFA has no state for"),
        },
    }
}

/// The state after byte `b` in state `s`.
const fn next(s: u32, b: u8) -> u32 {
    let (lo, hi, then) = match s {
        state::ACCEPT => return after_lead(b),
        state::CONT_1 => (0x80, 0xBF, state::ACCEPT),
        state::CONT_2 => (0x80, 0xBF, state::CONT_1),
        state::CONT_3 => (0x80, 0xBF, state::CONT_2),
        state::AFTER_E0 => (0xA0, 0xBF, state::CONT_1),
        state::AFTER_ED => (0x80, 0x9F, state::CONT_1),
        state::AFTER_F0 => (0x90, 0xBF, state::CONT_2),
        state::AFTER_F4 => (0x80, 0x8F, state::CONT_2),
        _ => return state::REJECT,
    };
    if lo <= b && b <= hi {
        then
    } else {
        state::REJECT
    }
}

/// `TRANSITIONS[b] >> s & 63` is the state after byte `b` in state `s`.
static TRANSITIONS: [u64; 256] = transitions();

const fn transitions() -> [u64; 256] {
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut s = 0;
        while s <= state::AFTER_F4 {
            table[b] |= (next(s, b as u8) as u64) << s;
            s += 6;
        }
        b += 1;
    }
    table
}

/// Runs the DFA over `bytes` from state `s`.
#[inline(always)]
fn run(mut s: u32, bytes: &[u8]) -> u32 {
    for &b in bytes {
        // The shift amount is below 64: states are at most 48 and masked here.
        s = (TRANSITIONS[b as usize] >> (s & 63)) as u32 & 63;
    }
    s
}

const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

#[inline(always)]
fn word(src: &[u8], i: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&src[i..i + 8]);
    u64::from_le_bytes(w)
}

/// True when the (at most 64-byte) `src` is all ASCII: eight word reads, at
/// offsets 0, 8, .. 56 each clamped to the last word, so that no branch depends on
/// the length beyond its class (a loop over the words mispredicts its exit when
/// lengths vary, as they do row by row). Inlined into the short-input path of the
/// free functions.
#[inline(always)]
pub(crate) fn short_is_ascii(src: &[u8]) -> bool {
    let n = src.len();
    debug_assert!(n <= 64);
    if n >= 8 {
        let last = n - 8;
        let at = |k: usize| word(src, (8 * k).min(last));
        let acc = (at(0) | at(1)) | (at(2) | at(3)) | ((at(4) | at(5)) | (at(6) | at(7)));
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

/// Bytes per step of the ASCII test and of the DFA's error check.
const CHUNK: usize = 32;

/// Validates `src`, exactly as the reference does.
pub(crate) fn check(src: &[u8]) -> Result<(), Utf8Error> {
    let mut s = state::ACCEPT;
    let mut chunks = src.chunks_exact(CHUNK);
    let mut start = 0;
    for chunk in &mut chunks {
        let ascii =
            (word(chunk, 0) | word(chunk, 8) | word(chunk, 16) | word(chunk, 24)) & HIGH_BITS == 0;
        if !(ascii && s == state::ACCEPT) {
            s = run(s, chunk);
            if s == state::REJECT {
                return validate_from(src, boundary_before(src, start));
            }
        }
        start += CHUNK;
    }
    if run(s, chunks.remainder()) == state::ACCEPT {
        Ok(())
    } else {
        validate_from(src, boundary_before(src, start))
    }
}

/// The scalar kernel's error spans for the lossy decoders (see
/// `generic::validate_utf8::flag_errors`): none for valid input, else one span from the
/// first error to the end, which the decoder then reads in scalar code.
pub(crate) fn flag_errors(src: &[u8], out: &mut [(u32, u32)]) -> usize {
    match (check(src), out.first_mut()) {
        (Err(e), Some(slot)) => {
            *slot = (e.valid_up_to() as u32, src.len().saturating_sub(1) as u32);
            1
        }
        _ => 0,
    }
}

/// True when `src` is valid UTF-8.
pub(crate) fn validate(src: &[u8]) -> bool {
    check(src).is_ok()
}

/// [`check`] for inputs of a few bytes: the DFA alone.
#[inline]
pub(crate) fn check_short(src: &[u8]) -> Result<(), Utf8Error> {
    if run(state::ACCEPT, src) == state::ACCEPT {
        Ok(())
    } else {
        validate_from(src, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The DFA accepts exactly what the reference accepts, for every sequence of
    /// up to three bytes and for all four-byte ones starting with a lead of width 4.
    #[test]
    fn dfa_matches_the_reference() {
        let accepts = |bytes: &[u8]| run(state::ACCEPT, bytes) == state::ACCEPT;
        for a in 0..=255u8 {
            assert_eq!(accepts(&[a]), validate_from(&[a], 0).is_ok());
            for b in 0..=255u8 {
                assert_eq!(accepts(&[a, b]), validate_from(&[a, b], 0).is_ok());
                for c in (0..=255u8).step_by(3).chain([0x7F, 0x80, 0xBF, 0xC0]) {
                    assert_eq!(accepts(&[a, b, c]), validate_from(&[a, b, c], 0).is_ok());
                }
            }
        }
        for a in 0xF0..=0xF4u8 {
            for b in 0x80..=0xBFu8 {
                for c in [0x7F, 0x80, 0xBF, 0xC0] {
                    for d in [0x7F, 0x80, 0x9F, 0xBF, 0xC0] {
                        let s = [a, b, c, d];
                        assert_eq!(accepts(&s), validate_from(&s, 0).is_ok(), "{s:02X?}");
                    }
                }
            }
        }
    }
}
