//! UTF-16 (either byte order) column to UTF-8 in one kernel call over all the
//! values, when every row is valid UTF-16 on its own: then the conversion of the
//! whole values buffer is the conversion of every row, one after the other. Each
//! row start moves by the UTF-8 bytes the units before it take beyond one each
//! (one more from U+0080, two more from U+0800, one more for each half of a
//! surrogate pair), counted row by row by the kernel's `utf16_offsets`, which
//! also gives the exact output length. A column this path cannot take (a row of
//! odd length, a buffer not aligned for units, invalid UTF-16, a pair split
//! between two rows, an offset too large for its type) goes row by row.

use super::offset::{RowOffset, Span};
use super::{ConvertedRows, RowValidity};
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
