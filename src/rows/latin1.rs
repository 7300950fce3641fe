//! Latin-1 (and Windows-1252 without its C1 letters, which is the same) column
//! to UTF-8 in one kernel call over all the values: the conversion is byte by
//! byte, so the conversion of the whole values buffer is the conversion of every
//! row, one after the other. Each row start moves by the number of bytes
//! 80..FF before it (each becomes two), counted row by row by the kernel's
//! `latin1_offsets` (one `popcnt` a word), which also gives the exact output
//! length before anything is written.

use super::converted::ConvertedRows;
use super::offset::{RowOffset, Span};
use super::RowValidity;
use crate::Engine;

/// The column `values`/`offsets` (sound, covering `span`), Latin-1, as UTF-8
/// rows; `None` when an offset of the result does not fit `O` (the row-by-row
/// path then names the row).
pub(super) fn latin1_to_utf8_rows<O: RowOffset>(
    engine: &Engine,
    values: &[u8],
    offsets: &[O],
    span: Span,
) -> Option<ConvertedRows<O>> {
    let mut new_offsets = alloc::vec![O::default(); offsets.len()];
    let len = O::latin1_offsets(engine, values, offsets, &mut new_offsets)?;
    let src = &values[span.start..span.end];
    let mut out = alloc::vec![0; len];
    let written = match engine.latin1_to_utf8(src, &mut out) {
        Ok(written) => written,
        // The exact length always suffices.
        Err(e) => e.written(),
    };
    out.truncate(written);
    Some(ConvertedRows {
        values: out,
        offsets: new_offsets,
        validity: RowValidity::all_valid(span.rows),
    })
}
