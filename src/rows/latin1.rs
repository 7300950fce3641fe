//! Latin-1 (and Windows-1252 without its C1 letters, which is the same) column
//! to UTF-8 in one kernel call over all the values: the conversion is byte by
//! byte, so the conversion of the whole values buffer is the conversion of every
//! row, one after the other. Each row start moves by the number of bytes
//! 80..FF before it (each becomes two), from [`WordPrefix`] sums.

use alloc::vec::Vec;

use super::offset::{RowOffset, Span};
use super::prefix::{sum_lanes, WordPrefix};
use super::{ConvertedRows, RowError, RowValidity};
use crate::Engine;

/// `0x80` in every byte: the bytes that become two in UTF-8.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The column `values`/`offsets` (sound, covering `span`), Latin-1, as UTF-8
/// rows.
pub(super) fn latin1_to_utf8_rows<O: RowOffset>(
    engine: &Engine,
    values: &[u8],
    offsets: &[O],
    span: Span,
) -> Result<ConvertedRows<O>, RowError> {
    let src = &values[span.start..span.end];
    // The exact length, so that only what is written is zeroed first.
    let mut out = alloc::vec![0; src.len() + WordPrefix::total(src, high_bytes)];
    let written = match engine.latin1_to_utf8(src, &mut out) {
        Ok(written) => written,
        // Two bytes of room per byte always suffice.
        Err(e) => e.written(),
    };
    out.truncate(written);
    let mut high = WordPrefix::new(src, high_bytes);
    let mut new_offsets = Vec::with_capacity(offsets.len());
    for (row, offset) in offsets.iter().enumerate() {
        let at = offset.to_usize().unwrap_or(span.start) - span.start;
        let moved = O::from_usize(at + high.before(at));
        new_offsets.push(moved.ok_or(RowError::offsets(row.saturating_sub(1)))?);
    }
    Ok(ConvertedRows {
        values: out,
        offsets: new_offsets,
        validity: RowValidity::all_valid(span.rows),
    })
}

/// The number of bytes 80..FF in `word`: their top bits moved to the bottom of
/// each byte and added (the portable build has no `popcnt`).
#[inline(always)]
fn high_bytes(word: u64) -> u32 {
    sum_lanes::<8>((word & HIGH) >> 7)
}
