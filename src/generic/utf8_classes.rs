//! The error classes of the "lookup" UTF-8 validation ([`validate_utf8`](super::validate_utf8)):
//! the three 16-entry tables `build.rs` generates (indexed by the high and low
//! nibble of the byte before and the high nibble of the byte), and the forms a
//! kernel with 64-byte permutes (AVX-512 VBMI, GFNI) reads instead, built from
//! them by `const fn`:
//!
//! - the classes of a byte before that is a lead (0xC0..=0xFF), indexed by its
//!   low six bits ([`LEAD_CLASSES`]);
//! - the classes of a byte before that is ASCII or a continuation, which depend
//!   only on its top bit: an affine map over GF(2) of the byte
//!   ([`NON_LEAD_MATRIX`], [`NON_LEAD_CONSTANT`]);
//! - the classes of the byte itself, indexed by its top six bits
//!   ([`NEXT_CLASSES`]).

// The class constants document the bits; the kernels need only the tables and
// the two-continuations marker.
#[allow(dead_code)]
mod tables {
    include!(concat!(env!("OUT_DIR"), "/utf8_lookup.rs"));
}
pub(crate) use tables::{NEXT_HIGH, PREV_HIGH, PREV_LOW, TWO_CONTINUATIONS};

/// The classes of the byte before, `b`: the first two tables' AND.
const fn prev_classes(b: u8) -> u8 {
    PREV_HIGH[(b >> 4) as usize] & PREV_LOW[(b & 0xF) as usize]
}

/// `prev_classes` of the lead bytes 0xC0 + `i`.
#[allow(dead_code)] // read by the AVX-512 kernel only
pub(crate) static LEAD_CLASSES: [u8; 64] = {
    let mut t = [0; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = prev_classes(0xC0 + i as u8);
        i += 1;
    }
    t
};

/// The third table, `NEXT_HIGH`, indexed by a byte's top six bits.
#[allow(dead_code)] // read by the AVX-512 kernel only
pub(crate) static NEXT_CLASSES: [u8; 64] = {
    let mut t = [0; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = NEXT_HIGH[i >> 2];
        i += 1;
    }
    t
};

/// The classes of a byte before that is ASCII, and of one that is a
/// continuation: each the same for every such byte (checked here, at compile
/// time).
const NON_LEAD: [u8; 2] = {
    let (ascii, cont) = (prev_classes(0), prev_classes(0x80));
    let mut b = 0;
    while b < 0xC0 {
        let want = if b < 0x80 { ascii } else { cont };
        assert!(prev_classes(b as u8) == want);
        b += 1;
    }
    [ascii, cont]
};

/// The matrix of `gf2p8affineqb` that, with [`NON_LEAD_CONSTANT`], maps a byte
/// below 0xC0 to its classes: output bit `i` (row `i`, byte `7 - i` of the
/// quadword) is the input's top bit where the ASCII and continuation classes
/// differ in bit `i`, else nothing (the constant gives the ASCII class's bit).
#[allow(dead_code)] // read by the AVX-512 kernel only
pub(crate) const NON_LEAD_MATRIX: u64 = {
    let differ = NON_LEAD[0] ^ NON_LEAD[1];
    let mut m = 0u64;
    let mut i = 0;
    while i < 8 {
        if differ >> i & 1 != 0 {
            m |= 0x80 << (8 * (7 - i));
        }
        i += 1;
    }
    m
};

/// The constant of that affine map: the classes of an ASCII byte before.
#[allow(dead_code)] // read by the AVX-512 kernel only
pub(crate) const NON_LEAD_CONSTANT: i32 = NON_LEAD[0] as i32;

#[cfg(test)]
mod tests {
    use super::*;

    /// The affine map as `gf2p8affineqb` computes it, in scalar code.
    fn affine(b: u8) -> u8 {
        let mut out = NON_LEAD_CONSTANT as u8;
        for i in 0..8 {
            let row = (NON_LEAD_MATRIX >> (8 * (7 - i))) as u8;
            out ^= (((row & b).count_ones() & 1) as u8) << i;
        }
        out
    }

    #[test]
    fn permute_forms_agree_with_the_nibble_tables() {
        for prev in 0..=255u8 {
            let want = prev_classes(prev);
            let got = if prev >= 0xC0 {
                LEAD_CLASSES[(prev & 0x3F) as usize]
            } else {
                affine(prev)
            };
            assert_eq!(got, want, "{prev:02X}");
            assert_eq!(
                NEXT_CLASSES[(prev >> 2) as usize],
                NEXT_HIGH[(prev >> 4) as usize]
            );
        }
    }
}
