//! UTF-16 (either byte order) column to UTF-8 in one kernel call over all the
//! values, when every row is valid UTF-16 on its own: then the conversion of the
//! whole values buffer is the conversion of every row, one after the other. Each
//! row start moves by the UTF-8 bytes the units before it take beyond one each
//! (one more from U+0080, two more from U+0800, one more for each half of a
//! surrogate pair), counted row by row by the kernel's `utf16_offsets`, which
//! also gives the exact output length. A column this path cannot take (a row of
//! odd length, a buffer not aligned for units, invalid UTF-16, a pair split
//! between two rows, an offset too large for its type) goes row by row.

use super::converted::ConvertedRows;
use super::offset::{RowOffset, Span};
use super::RowValidity;
use crate::stream::block::aligned16;
use crate::{ByteOrder, Engine};

/// The column `values`/`offsets` (sound, covering `span`), UTF-16 in `order`, as
/// UTF-8 rows; `None` when the column is not for this path.
pub(super) fn utf16_to_utf8_rows<O: RowOffset>(
    engine: &Engine,
    values: &[u8],
    offsets: &[O],
    span: Span,
    order: ByteOrder,
) -> Option<ConvertedRows<O>> {
    // Rows of whole units: every offset has the first one's parity.
    if offsets
        .iter()
        .fold(0, |odd, o| odd | o.to_usize().unwrap_or(1))
        & 1
        != 0
    {
        return None;
    }
    let units = aligned16(&values[span.start..span.end])?;
    let mut new_offsets = alloc::vec![O::default(); offsets.len()];
    let len = O::utf16_offsets(engine, values, offsets, &mut new_offsets, order)?;
    let mut out = alloc::vec![0; len];
    let written = engine.utf16_to_utf8(units, &mut out, order).ok()?;
    // Valid rows, converted one after the other, fill the exact length.
    (written == len).then(|| ConvertedRows {
        values: out,
        offsets: new_offsets,
        validity: RowValidity::all_valid(span.rows),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rows::offset::sealed::Offsets;
    use crate::Kernel;

    /// Every kernel's row offsets (its own block masks) equal the scalar kernel's
    /// (the portable masks), in both byte orders, on units of every width class:
    /// ASCII, two bytes, three, surrogates (high, low) and U+FFFF, with rows that
    /// start anywhere in a block and blocks cut by the end.
    #[test]
    fn every_kernel_moves_offsets_as_the_portable_masks_do() {
        let classes: [u16; 8] = [0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xD83D, 0xDE00, 0xFFFF];
        let scalar = Engine::new(Kernel::Scalar).unwrap();
        for len in [0usize, 1, 31, 32, 33, 64, 200, 1000] {
            let units: Vec<u16> = (0..len).map(|i| classes[(i * 7 + i / 3) % 8]).collect();
            for order in [ByteOrder::Little, ByteOrder::Big] {
                let values: Vec<u8> = units
                    .iter()
                    .flat_map(|&u| match order {
                        ByteOrder::Little => u.to_le_bytes(),
                        ByteOrder::Big => u.to_be_bytes(),
                    })
                    .collect();
                // Rows of 1 to 3 units, none starting with a low surrogate (such a
                // column goes row by row, for every kernel alike).
                let starts = (0..len).filter(|&i| i % 3 != 1 && units[i] & 0xFC00 != 0xDC00);
                let offsets: Vec<i64> = starts.chain([len]).map(|u| 2 * u as i64).collect();
                let mut want = vec![0i64; offsets.len()];
                let want_len = i64::utf16_offsets(&scalar, &values, &offsets, &mut want, order);
                assert!(want_len.is_some(), "{len} units, {order:?}");
                for kernel in Kernel::available() {
                    let engine = Engine::new(kernel).unwrap();
                    let mut got = vec![0i64; offsets.len()];
                    let got_len = i64::utf16_offsets(&engine, &values, &offsets, &mut got, order);
                    assert_eq!(
                        (got_len, &got),
                        (want_len, &want),
                        "{kernel}, {len} units, {order:?}"
                    );
                }
            }
        }
    }
}
