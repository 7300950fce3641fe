//! One pass over the input before a `str` is allocated, to learn what its
//! PEP 393 form must be: for UTF-8 the largest byte (which tells the kind) and
//! the number of characters; for UTF-16 the OR of all units (which tells ASCII
//! and Latin-1 exactly, their limits being powers of two) and whether any
//! surrogate is present (without one, UTF-16 is valid and each unit a
//! character); and, for UTF-16 that needs UCS-2, the copy into the `str` with
//! the surrogate test in the same pass. Plain Rust that vectorises, compiled for several CPU feature
//! sets with run-time selection (multiversion); blocks are folded without an
//! early exit, so that the loops vectorise.

use multiversion::multiversion;

/// Units per block: each block is folded in full, lane by lane.
pub const BLOCK: usize = 64;

/// Blocks per group of the UTF-8 scan: each lane's count of a group fits its
/// byte; the lanes are summed once a group.
const GROUP: usize = 16;

/// The largest byte of `src` and its number of non-continuation bytes (its
/// characters, when it is valid UTF-8).
#[multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512vl+avx2+bmi1+bmi2+lzcnt+popcnt",
    "x86_64+avx2+bmi1+bmi2+lzcnt+popcnt",
    "x86_64+sse4.1",
    "aarch64+neon"
))]
pub fn utf8_top_and_chars(src: &[u8]) -> (u8, usize) {
    let (mut top, mut chars) = (0u8, 0usize);
    for group in src.chunks(GROUP * BLOCK) {
        let (mut most, mut starts) = ([0u8; BLOCK], [0u8; BLOCK]);
        let mut blocks = group.chunks_exact(BLOCK);
        for block in blocks.by_ref() {
            for ((m, s), &b) in most.iter_mut().zip(starts.iter_mut()).zip(block) {
                *m = (*m).max(b);
                *s += u8::from((b as i8) >= -0x40);
            }
        }
        for &b in blocks.remainder() {
            top = top.max(b);
            chars += usize::from((b as i8) >= -0x40);
        }
        top = top.max(most.iter().copied().fold(0, u8::max));
        chars += starts.iter().map(|&s| usize::from(s)).sum::<usize>();
    }
    (top, chars)
}

/// The OR of all units of `src` and whether any is a surrogate (D800-DFFF),
/// the units read in `swap`ped byte order when `swap`.
#[multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512vl+avx2+bmi1+bmi2+lzcnt+popcnt",
    "x86_64+avx2+bmi1+bmi2+lzcnt+popcnt",
    "x86_64+sse4.1",
    "aarch64+neon"
))]
pub fn utf16_bits_and_surrogates(src: &[u16], swap: bool) -> (u16, bool) {
    // Swapping commutes with OR: the test is on the stored bytes, and the OR
    // swapped once at the end.
    let (mask, surrogate) = if swap {
        (0x00F8u16, 0x00D8u16)
    } else {
        (0xF800, 0xD800)
    };
    let (mut bits, mut any) = (0u16, false);
    let mut blocks = src.chunks_exact(BLOCK);
    for block in blocks.by_ref() {
        let (mut or, mut seen) = (0u16, false);
        for &unit in block {
            or |= unit;
            seen |= unit & mask == surrogate;
        }
        bits |= or;
        any |= seen;
    }
    for &unit in blocks.remainder() {
        bits |= unit;
        any |= unit & mask == surrogate;
    }
    (if swap { bits.swap_bytes() } else { bits }, any)
}

/// Copies the UTF-16 units of `src` to `dst` (as long), byte-swapped when
/// `swap`, a block at a time while no unit is a surrogate: `None` when all were
/// copied without one, else `Some(start)`, the start of the first block with a
/// surrogate (a multiple of the block; the units before it are copied, none of
/// them a surrogate). The copy and the test in one pass, for text already known
/// to need UCS-2 (and valid unless it has a surrogate).
#[multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512vl+avx2+bmi1+bmi2+lzcnt+popcnt",
    "x86_64+avx2+bmi1+bmi2+lzcnt+popcnt",
    "x86_64+sse4.1",
    "aarch64+neon"
))]
pub fn copy_utf16_until_surrogate(src: &[u16], dst: &mut [u16], swap: bool) -> Option<usize> {
    let (mut from, mut to) = (src.chunks_exact(BLOCK), dst.chunks_exact_mut(BLOCK));
    let mut start = 0;
    // One loop per order, so that neither tests `swap` per unit.
    for (block, out) in from.by_ref().zip(to.by_ref()) {
        let mut seen = false;
        if swap {
            for (o, &unit) in out.iter_mut().zip(block) {
                let unit = unit.swap_bytes();
                *o = unit;
                seen |= unit & 0xF800 == 0xD800;
            }
        } else {
            for (o, &unit) in out.iter_mut().zip(block) {
                *o = unit;
                seen |= unit & 0xF800 == 0xD800;
            }
        }
        if seen {
            return Some(start);
        }
        start += BLOCK;
    }
    let mut seen = false;
    for (o, &unit) in to.into_remainder().iter_mut().zip(from.remainder()) {
        let unit = if swap { unit.swap_bytes() } else { unit };
        *o = unit;
        seen |= unit & 0xF800 == 0xD800;
    }
    seen.then_some(start)
}

/// Copies the ASCII start of `src` to `dst` (as long) a block at a time: the
/// bytes copied, `src.len()` when it is all ASCII, else a multiple of the
/// block before the first block with a byte from 0x80.
#[multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512vl+avx2+bmi1+bmi2+lzcnt+popcnt",
    "x86_64+avx2+bmi1+bmi2+lzcnt+popcnt",
    "x86_64+sse4.1",
    "aarch64+neon"
))]
pub fn copy_ascii_prefix(src: &[u8], dst: &mut [u8]) -> usize {
    let mut done = 0;
    let (mut from, mut to) = (src.chunks_exact(BLOCK), dst.chunks_exact_mut(BLOCK));
    for (block, out) in from.by_ref().zip(to.by_ref()) {
        if block.iter().fold(0, |all, &b| all | b) >= 0x80 {
            return done;
        }
        out.copy_from_slice(block);
        done += BLOCK;
    }
    let (rest, out) = (from.remainder(), to.into_remainder());
    if rest.iter().fold(0, |all, &b| all | b) < 0x80 {
        out.copy_from_slice(rest);
        done += rest.len();
    }
    done
}

/// Narrows the Latin-1 start of UTF-16 `src` to bytes in `dst` (as long; each
/// unit's low byte, after a swap when `swap`) a block at a time: the units
/// narrowed (all, or a multiple of the block before the first block with a
/// unit from 0x100) and the OR of those units.
#[multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512vl+avx2+bmi1+bmi2+lzcnt+popcnt",
    "x86_64+avx2+bmi1+bmi2+lzcnt+popcnt",
    "x86_64+sse4.1",
    "aarch64+neon"
))]
pub fn narrow_latin1_prefix(src: &[u16], dst: &mut [u8], swap: bool) -> (usize, u16) {
    let (mut done, mut bits) = (0, 0u16);
    let (mut from, mut to) = (src.chunks_exact(BLOCK), dst.chunks_exact_mut(BLOCK));
    let narrow = |block: &[u16], out: &mut [u8]| {
        let mut or = 0u16;
        for (o, &unit) in out.iter_mut().zip(block) {
            let unit = if swap { unit.swap_bytes() } else { unit };
            or |= unit;
            *o = unit as u8;
        }
        or
    };
    for (block, out) in from.by_ref().zip(to.by_ref()) {
        let or = narrow(block, out);
        if or >= 0x100 {
            return (done, bits);
        }
        (done, bits) = (done + BLOCK, bits | or);
    }
    let (rest, out) = (from.remainder(), to.into_remainder());
    let or = narrow(rest, out);
    if or < 0x100 {
        (done, bits) = (done + rest.len(), bits | or);
    }
    (done, bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scans_agree_with_plain_loops() {
        let text = "x".repeat(150) + &"aé€😀 日本語 plain ".repeat(40);
        for end in 0..text.len() {
            let src = &text.as_bytes()[..end];
            let top = src.iter().copied().max().unwrap_or(0);
            let chars = src.iter().filter(|&&b| (b as i8) >= -0x40).count();
            assert_eq!(utf8_top_and_chars(src), (top, chars));
            let mut copy = vec![0u8; end];
            let ascii = src.iter().position(|&b| b >= 0x80).unwrap_or(end);
            let copied = copy_ascii_prefix(src, &mut copy);
            let expected = if ascii == end {
                end
            } else {
                ascii / BLOCK * BLOCK
            };
            assert_eq!(copied, expected, "{end}");
            assert_eq!(copy[..copied], src[..copied]);
        }
        let units: Vec<u16> = "é"
            .repeat(130)
            .encode_utf16()
            .chain(text.encode_utf16())
            .chain([0x41, 0x7F, 0x100])
            .collect();
        for end in 0..units.len() {
            for swap in [false, true] {
                let src: Vec<u16> = units[..end]
                    .iter()
                    .map(|&u| if swap { u.swap_bytes() } else { u })
                    .collect();
                let bits = units[..end].iter().fold(0, |a, &u| a | u);
                let any = units[..end].iter().any(|&u| (0xD800..0xE000).contains(&u));
                assert_eq!(
                    utf16_bits_and_surrogates(&src, swap),
                    (bits, any),
                    "{end} {swap}"
                );
                let mut copy = vec![0u16; end];
                let first = units[..end]
                    .iter()
                    .position(|&u| (0xD800..0xE000).contains(&u));
                let stop = copy_utf16_until_surrogate(&src, &mut copy, swap);
                assert_eq!(stop, first.map(|at| at / BLOCK * BLOCK), "{end} {swap}");
                let copied = stop.unwrap_or(end);
                assert_eq!(copy[..copied], units[..copied]);
                let mut narrow = vec![0u8; end];
                let (done, or) = narrow_latin1_prefix(&src, &mut narrow, swap);
                let latin1 = units[..end].iter().position(|&u| u >= 0x100).unwrap_or(end);
                let expected = if latin1 == end {
                    end
                } else {
                    latin1 / BLOCK * BLOCK
                };
                assert_eq!(done, expected, "{end} {swap}");
                assert_eq!(or, units[..done].iter().fold(0, |a, &u| a | u));
                let narrowed = narrow[..done].iter().zip(&units[..done]);
                assert!(narrowed.into_iter().all(|(&b, &u)| b == u as u8));
            }
        }
    }
}
