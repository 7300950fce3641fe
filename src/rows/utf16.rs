//! UTF-16 (either byte order) column to UTF-8 in one kernel call over all the
//! values, when every row is valid UTF-16 on its own: then the conversion of the
//! whole values buffer is the conversion of every row, one after the other. Each
//! row start moves by the UTF-8 bytes the units before it take beyond one each
//! (one more from U+0080, two more from U+0800, one more for each half of a
//! surrogate pair), from [`WordPrefix`] sums. A column this path cannot take
//! (a row of odd length, a buffer not aligned for units, invalid UTF-16, a pair
//! split between two rows) goes row by row, and so do long rows, which one
//! kernel call each converts faster than the portable width sums here.

use alloc::vec::Vec;

use super::offset::{RowOffset, Span};
use super::prefix::{sum_lanes, WordPrefix};
use super::{ConvertedRows, RowError, RowValidity};
use crate::stream::block::aligned16;
use crate::{ByteOrder, Engine};

/// Units converted at a time: 64 KiB of input.
const CHUNK_UNITS: usize = 1 << 15;

const LOW15: u64 = 0x7FFF_7FFF_7FFF_7FFF;
const TOP: u64 = 0x8000_8000_8000_8000;

/// The column `values`/`offsets` (sound, covering `span`), UTF-16 in `order`, as
/// UTF-8 rows; `None` when the column is not for this path.
pub(super) fn utf16_to_utf8_rows<O: RowOffset>(
    engine: &Engine,
    values: &[u8],
    offsets: &[O],
    span: Span,
    order: ByteOrder,
) -> Option<Result<ConvertedRows<O>, RowError>> {
    let src = &values[span.start..span.end];
    let at = |o: &O| o.to_usize().unwrap_or(span.start) - span.start;
    // Rows of whole units: every offset has the first one's parity.
    if offsets.iter().fold(0, |odd, o| odd | at(o)) & 1 != 0 {
        return None;
    }
    let units = aligned16(src)?;
    // Two instantiations, so that the weight inlines into the sums.
    match order {
        ByteOrder::Little => convert(engine, (src, units), offsets, span, extra_le, true),
        ByteOrder::Big => convert(engine, (src, units), offsets, span, extra_be, false),
    }
}

/// The conversion of the values (`src`, as `units`), and the offsets moved;
/// `None` when the column is not for this path.
fn convert<O: RowOffset>(
    engine: &Engine,
    (src, units): (&[u8], &[u16]),
    offsets: &[O],
    span: Span,
    weight: impl Fn(u64) -> u32,
    little: bool,
) -> Option<Result<ConvertedRows<O>, RowError>> {
    let at = |o: &O| o.to_usize().unwrap_or(span.start) - span.start;
    let mut out = Vec::new();
    let mut extra = WordPrefix::new(src, weight);
    out.reserve(3 * units.len());
    let mut new_offsets = Vec::with_capacity(offsets.len());
    let mut rows = offsets.iter().enumerate().peekable();
    // A cache-sized piece at a time (never between the halves of a pair): its
    // conversion, then the offsets within it, while its bytes are still cached.
    let mut start = 0;
    while start < units.len() || rows.peek().is_some() {
        let mut end = (start + CHUNK_UNITS).min(units.len());
        if end < units.len() && (0xD800..0xDC00).contains(&units[end - 1]) {
            end += 1;
        }
        let piece = &units[start..end];
        let written = out.len();
        out.resize(written + 3 * piece.len(), 0);
        let converted = match little {
            true => engine.utf16le_to_utf8(piece, &mut out[written..]),
            false => engine.utf16be_to_utf8(piece, &mut out[written..]),
        };
        out.truncate(written + converted.ok()?);
        while let Some((row, offset)) = rows.next_if(|(_, o)| at(o) <= 2 * end) {
            let at = at(offset);
            if let Some(&[a, b]) = src.get(at..at + 2) {
                let unit = if little {
                    u16::from_le_bytes([a, b])
                } else {
                    u16::from_be_bytes([a, b])
                };
                if unit & 0xFC00 == 0xDC00 {
                    // A low surrogate starts the row: the pair is split between rows.
                    return None;
                }
            }
            match O::from_usize(at / 2 + extra.before(at)) {
                Some(moved) => new_offsets.push(moved),
                None => return Some(Err(RowError::offsets(row.saturating_sub(1)))),
            }
        }
        start = end;
    }
    Some(Ok(ConvertedRows {
        values: out,
        offsets: new_offsets,
        validity: RowValidity::all_valid(span.rows),
    }))
}

/// The UTF-8 bytes beyond one that the four little-endian units of `word` take:
/// one from U+0080, two from U+0800, one for a surrogate (each half of a pair).
/// Zero units weigh nothing. Each lane test sets the lane's top bit without a
/// carry into the next lane.
#[inline(always)]
fn extra_le(word: u64) -> u32 {
    // Top bit of each lane: the unit is at least 0x8000 - `t`.
    let at_least = |t: u64| (((word & LOW15) + t) | word) & TOP;
    let from_80 = at_least(0x7F80_7F80_7F80_7F80);
    let from_800 = at_least(0x7800_7800_7800_7800);
    let x = (word & 0xF800_F800_F800_F800) ^ 0xD800_D800_D800_D800;
    let not_surrogate = (((x & LOW15) + LOW15) | x) & TOP;
    let surrogate = !not_surrogate & TOP;
    sum_lanes::<16>((from_80 >> 15) + (from_800 >> 15) - (surrogate >> 15))
}

/// [`extra_le`] of big-endian units.
#[inline(always)]
fn extra_be(word: u64) -> u32 {
    const LOW: u64 = 0x00FF_00FF_00FF_00FF;
    extra_le(((word >> 8) & LOW) | ((word & LOW) << 8))
}
