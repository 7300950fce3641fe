//! New row offsets for the whole-column conversions to UTF-8: when a column's
//! values are converted in one call, each row start moves by the extra bytes the
//! values before it take in UTF-8. The values are read once, 64 bytes (a block)
//! at a time, into bit masks with a bit per byte (a UTF-16 unit's condition on
//! both its bytes) and the weight of the blocks before each; then a row start at
//! byte `8 * 64 * b + r` weighs the blocks before `b` plus the `popcnt` of
//! block `b`'s masks below bit `r`: a few instructions per row without a branch
//! on its length. A cache-sized chunk of blocks at a time, while the rows that
//! start in it are moved.
//!
//! The masks come from a function each kernel gives (a vector `movemask`, or a
//! portable bit gather in the scalar kernel), and the whole loop is compiled
//! into each kernel's table with the kernel's CPU features, so that the counts
//! are one `popcnt` each where the kernel has it.
//!
//! The offsets are sound (checked before): never decreasing, within `values`.

use super::portable::AsIndex;
use crate::ByteOrder;

/// Bytes per block: one bit each in a `u64` mask.
pub(crate) const BLOCK: usize = 64;

/// Blocks per chunk: 16 KiB of input, 6 KiB of masks and sums.
const CHUNK_BLOCKS: usize = 256;

/// The masks of one block: Latin-1 has one (bytes 80..FF); UTF-16 two (the
/// extra bytes of each unit, and its low surrogates; see [`unit_masks`]).
pub(crate) type Masks<const M: usize> = [u64; M];

/// The bits below bit `r` (`r` at most 64).
#[inline(always)]
fn below(r: usize) -> u64 {
    u64::MAX.checked_shr(64 - r as u32).unwrap_or(0)
}

/// Moves every row start by the weight of the bytes before it. `masks_of` gives
/// a block's masks; `weight` the extra output bytes of the bytes a mask selects;
/// `units` the output bytes of a length of input before the extra ones;
/// `split` whether the row starting at a block's bit is refused. Writes `out[i]`
/// for offset `i` (counted from the first row's start) and returns the total
/// length; `None` when an offset does not fit `O` or a row start is refused.
#[inline(always)]
fn moved<O: AsIndex, const M: usize>(
    values: &[u8],
    offsets: &[O],
    out: &mut [O],
    masks_of: impl Fn(&[u8; BLOCK]) -> Masks<M>,
    weight: impl Fn(&Masks<M>, u64) -> usize,
    units: impl Fn(usize) -> usize,
    split: impl Fn(&Masks<M>, usize) -> bool,
) -> Option<usize> {
    let first = offsets.first()?.index();
    let src = &values[first..offsets.last()?.index()];
    let mut masks = [[0u64; M]; CHUNK_BLOCKS + 1];
    let mut sums = [0usize; CHUNK_BLOCKS + 1];
    let out = out.get_mut(..offsets.len())?;
    let (mut row, mut chunk, mut base) = (0, 0, 0);
    loop {
        let end = (chunk + CHUNK_BLOCKS * BLOCK).min(src.len());
        // The running weight stays in a register (a store and reload of the
        // previous sum per block measured a third of this function's time).
        let (mut blocks, mut running) = (0, 0);
        let mut add = |block: Masks<M>| {
            masks[blocks] = block;
            sums[blocks] = running;
            running += weight(&block, u64::MAX);
            blocks += 1;
        };
        let mut whole = src[chunk..end].chunks_exact(BLOCK);
        for block in &mut whole {
            if let Ok(block) = <&[u8; BLOCK]>::try_from(block) {
                add(masks_of(block));
            }
        }
        if !whole.remainder().is_empty() {
            // The last block, padded with zeros (which weigh nothing).
            let mut padded = [0; BLOCK];
            padded[..whole.remainder().len()].copy_from_slice(whole.remainder());
            add(masks_of(&padded));
        }
        sums[blocks] = running;
        masks[blocks] = [0; M];
        // The rows starting in the chunk (at its end only for the last one: a row
        // starting there otherwise is in the next chunk's first block).
        let last = end == src.len();
        while let (Some(offset), Some(new)) = (offsets.get(row), out.get_mut(row)) {
            let at = offset.index() - first;
            if at >= end && !last {
                break;
            }
            let (b, r) = ((at - chunk) / BLOCK, (at - chunk) % BLOCK);
            let block = &masks[b];
            if at < src.len() && split(block, r) {
                return None;
            }
            *new = O::from_index(units(at) + base + sums[b] + weight(block, below(r)))?;
            row += 1;
        }
        base += sums[blocks];
        if last {
            return Some(units(src.len()) + base);
        }
        chunk = end;
    }
}

/// The moved offsets of a Latin-1 column converted to UTF-8 (each byte 80..FF
/// takes two bytes), with the portable mask: see [`latin1_offsets_by`].
#[inline(always)]
pub(crate) fn latin1_offsets<O: AsIndex>(
    values: &[u8],
    offsets: &[O],
    out: &mut [O],
) -> Option<usize> {
    latin1_offsets_by(values, offsets, out, |block| [gather_high_bits(block)])
}

/// The row starts (`out[i]` for offset `i`, from 0) of a Latin-1 column
/// converted to UTF-8 in one call, and its length; `high` gives a block's mask
/// of bytes 80..FF. `None` when an offset does not fit `O`.
#[inline(always)]
pub(crate) fn latin1_offsets_by<O: AsIndex>(
    values: &[u8],
    offsets: &[O],
    out: &mut [O],
    high: impl Fn(&[u8; BLOCK]) -> Masks<1>,
) -> Option<usize> {
    moved(
        values,
        offsets,
        out,
        high,
        |[high], bits| (high & bits).count_ones() as usize,
        |n| n,
        |_, _| false,
    )
}

/// The high bit of each byte of a block, portably: a multiplication gathers a
/// word's eight.
#[inline(always)]
fn gather_high_bits(block: &[u8; BLOCK]) -> u64 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Bit 8i (byte i's high bit, shifted down) lands in bit 56 + i, without carries.
    const GATHER: u64 = 0x0102_0408_1020_4080;
    block
        .chunks_exact(8)
        .enumerate()
        .fold(0, |mask, (k, word)| {
            let word = u64::from_le_bytes([
                word[0], word[1], word[2], word[3], word[4], word[5], word[6], word[7],
            ]);
            mask | ((((word & HIGH) >> 7).wrapping_mul(GATHER) >> 56) << (8 * k))
        })
}

/// The moved offsets of a UTF-16 column (units in `order`) converted to UTF-8,
/// with the portable masks: see [`utf16_offsets_by`].
#[inline(always)]
pub(crate) fn utf16_offsets<O: AsIndex>(
    values: &[u8],
    offsets: &[O],
    out: &mut [O],
    order: ByteOrder,
) -> Option<usize> {
    utf16_offsets_by(values, offsets, out, |block| unit_masks(block, order))
}

/// The row starts (`out[i]` for offset `i`, from 0) of a UTF-16 column converted
/// to UTF-8 in one call, and its length: a unit from U+0080 takes two bytes,
/// from U+0800 three, each half of a surrogate pair two. `masks` gives a block's
/// two masks (see [`unit_masks`]). Offsets must be even (checked before).
/// `None` also when a row starts with a low surrogate: the pair is split
/// between two rows, which the whole-column conversion would join.
#[inline(always)]
pub(crate) fn utf16_offsets_by<O: AsIndex>(
    values: &[u8],
    offsets: &[O],
    out: &mut [O],
    masks: impl Fn(&[u8; BLOCK]) -> Masks<2>,
) -> Option<usize> {
    moved(
        values,
        offsets,
        out,
        masks,
        |[extra, _], bits| (extra & bits).count_ones() as usize,
        |n| n / 2,
        |[_, low], r| (low >> r) & 1 != 0,
    )
}

/// A block's UTF-16 masks, portably. Each unit has two bits (its bytes'): in
/// the first mask, as many set as the UTF-8 bytes it takes beyond one (the
/// first from U+0080, the second from U+0800 but for surrogates, whose pairs
/// take four bytes: two a half); in the second, both set for a low surrogate.
#[inline(always)]
pub(crate) fn unit_masks(block: &[u8; BLOCK], order: ByteOrder) -> Masks<2> {
    let mut masks = [0u64; 2];
    for (i, pair) in block.chunks_exact(2).enumerate() {
        let unit = match order {
            ByteOrder::Little => u16::from_le_bytes([pair[0], pair[1]]),
            ByteOrder::Big => u16::from_be_bytes([pair[0], pair[1]]),
        };
        let first = u64::from(unit >= 0x80);
        let second = u64::from(unit >= 0x800 && unit & 0xF800 != 0xD800) << 1;
        let low = u64::from(unit & 0xFC00 == 0xDC00) * 3;
        masks[0] |= (first | second) << (2 * i);
        masks[1] |= low << (2 * i);
    }
    masks
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The moved offsets by the definition: each row converted on its own.
    fn expected(rows: &[&[u8]], width: impl Fn(&[u8]) -> usize) -> Vec<usize> {
        let mut at = 0;
        let mut out = vec![0];
        for row in rows {
            at += width(row);
            out.push(at);
        }
        out
    }

    #[test]
    fn latin1_offsets_count_every_high_byte() {
        let mut values = Vec::new();
        let mut offsets = vec![3usize];
        values.extend_from_slice(b"abc");
        let mut rows: Vec<Vec<u8>> = Vec::new();
        for len in 0..40 {
            let row: Vec<u8> = (0..len)
                .map(|i| {
                    if (i * 7 + len) % 3 == 0 {
                        0x80 + i as u8
                    } else {
                        b'a'
                    }
                })
                .collect();
            values.extend_from_slice(&row);
            offsets.push(values.len());
            rows.push(row);
        }
        let refs: Vec<&[u8]> = rows.iter().map(Vec::as_slice).collect();
        let want = expected(&refs, |r| {
            r.len() + r.iter().filter(|&&b| b >= 0x80).count()
        });
        // Also with the buffer ending right after the last row (no whole word
        // beyond a short row).
        for end in [values.len(), values.len() + 9] {
            let mut padded = values.clone();
            padded.resize(end, 0xFF);
            let mut out = vec![0usize; offsets.len()];
            assert_eq!(
                latin1_offsets(&padded, &offsets, &mut out),
                Some(*want.last().unwrap())
            );
            assert_eq!(out, want);
        }
        let mut small = vec![0i32; 2];
        assert_eq!(
            latin1_offsets(&[0x80; 8], &[0i64, 8], &mut [0i64; 2]),
            Some(16)
        );
        assert_eq!(latin1_offsets(&[0x41; 4], &[0i32, 4], &mut small), Some(4));
    }

    #[test]
    fn utf16_offsets_count_utf8_widths_and_refuse_split_pairs() {
        let texts = [
            "",
            "a",
            "é",
            "€",
            "😀",
            "aé€😀",
            "ab😀cd",
            "ÿ\u{7FF}\u{800}\u{FFFF}x",
            "😀😀😀😀",
            "long row of ascii and é €",
        ];
        for order in [ByteOrder::Little, ByteOrder::Big] {
            let encode = |t: &str| -> Vec<u8> {
                t.encode_utf16()
                    .flat_map(|u| match order {
                        ByteOrder::Little => u.to_le_bytes(),
                        ByteOrder::Big => u.to_be_bytes(),
                    })
                    .collect()
            };
            let mut values = Vec::new();
            let mut offsets = vec![0usize];
            for t in texts {
                values.extend(encode(t));
                offsets.push(values.len());
            }
            let want = expected(&texts.map(str::as_bytes), <[u8]>::len);
            let mut out = vec![0usize; offsets.len()];
            assert_eq!(
                utf16_offsets(&values, &offsets, &mut out, order),
                Some(*want.last().unwrap())
            );
            assert_eq!(out, want, "{order:?}");
            // A pair split between two rows.
            let pair = encode("😀");
            let offsets = [0usize, 2, 4];
            assert_eq!(utf16_offsets(&pair, &offsets, &mut [0; 3], order), None);
        }
        // An offset type too small for the output.
        let wide = [0xE2u8, 0x82].repeat(100);
        assert_eq!(
            utf16_offsets(&wide, &[0i32, 200], &mut [0; 2], ByteOrder::Big),
            Some(300)
        );
    }
}
