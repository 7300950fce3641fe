//! Column conversion between encodings: every row converted on its own (as the
//! [`Transcoder`](crate::stream::Transcoder) converts a whole input, without byte order
//! mark handling) into one new values buffer and new offsets. Latin-1,
//! Windows-1252 or UTF-16 columns from legacy databases and Windows exports to
//! UTF-8 rows, and UTF-8 rows back to them.
//!
//! Latin-1 to UTF-8 (and Windows-1252 without C1 letters) converts all the
//! values in one kernel call and moves the offsets ([`super::latin1`]), and so
//! does UTF-16 to UTF-8 when every row is valid on its own ([`super::utf16`]). The
//! strict pairs of the direct path write each row straight into one buffer
//! with room for the worst case, one kernel call per row; the other pairs and
//! modes go through the stream converter's block path, row by row.

use crate::api::api;
use alloc::vec::Vec;

use super::converted::ConvertedRows;
use super::latin1::latin1_to_utf8_rows;
use super::offset::{sound, RowOffset};
use super::utf16::utf16_to_utf8_rows;
use super::validate::row_bytes;
use super::{RowError, RowValidity};
use crate::stream::block::{BlockConverter, Problem};
use crate::{stream::TranscodeError, Encoding, Engine, ErrorMode};

/// The column conversion: each row through `converter`; a row it cannot
/// convert is an error, or, when `null`, an empty row cleared in the validity.
fn convert_column<O: RowOffset>(
    engine: &Engine,
    values: &[u8],
    offsets: &[O],
    mut converter: BlockConverter,
    null: bool,
) -> Result<ConvertedRows<O>, RowError> {
    let span = sound(engine, values, offsets)?;
    let (from, to) = (converter.from, converter.to);
    if to == Encoding::Utf8 {
        // 64 bytes at a time without an early exit, so that the test vectorises.
        let c1 = |chunk: &[u8]| {
            chunk
                .iter()
                .fold(false, |any, b| any | (0x80..0xA0).contains(b))
        };
        let latin1 = from == Encoding::Latin1
            || (from == Encoding::Windows1252 && !values[span.start..span.end].chunks(64).any(c1));
        if latin1 {
            // Byte by byte: the whole buffer at once; no row can fail.
            if let Some(rows) = latin1_to_utf8_rows(engine, values, offsets, span) {
                return Ok(rows);
            }
        }
        // UTF-16 rows: the whole buffer at once when every row is valid on its own.
        if matches!(from, Encoding::Utf16Le | Encoding::Utf16Be) {
            if let Some(rows) = utf16_to_utf8_rows(engine, values, offsets, span, from.order()) {
                return Ok(rows);
            }
        }
    }
    let mut validity = RowValidity::all_valid(span.rows);
    let mut new_offsets = Vec::with_capacity(offsets.len());
    new_offsets.push(O::default());
    let direct = converter.is_direct();
    let mut out = if direct {
        // Room for every row's worst case, allocated (zeroed) once: each row is
        // then one kernel call straight into it.
        let room = converter
            .direct_room(span.end - span.start)
            .saturating_add(span.rows.saturating_mul(converter.direct_room(0)));
        alloc::vec![0; room]
    } else {
        Vec::with_capacity(span.end - span.start)
    };
    let mut end = 0;
    for row in 0..span.rows {
        let src = row_bytes(values, offsets, row);
        let result = if direct {
            let (written, result) = converter.direct(src, true, &mut out[end..]);
            end += written;
            result
        } else {
            let result = converter.convert(src, true, &mut out);
            end = out.len();
            result
        };
        if let Err(problem) = result {
            if !null {
                return Err(RowError::convert(
                    row,
                    transcode_error(&converter, problem, src),
                ));
            }
            // The row's partial output goes.
            end = new_offsets
                .last()
                .and_then(|o: &O| o.to_usize())
                .unwrap_or(0);
            if !direct {
                out.truncate(end);
            }
            validity.clear(row);
        }
        new_offsets.push(O::from_usize(end).ok_or(RowError::offsets(row))?);
    }
    out.truncate(end);
    Ok(ConvertedRows {
        values: out,
        offsets: new_offsets,
        validity,
    })
}

/// The public error of `problem`, found in the row `src`.
fn transcode_error(converter: &BlockConverter, problem: Problem, src: &[u8]) -> TranscodeError {
    let at = problem.at.min(src.len());
    TranscodeError::new(
        at as u64,
        problem.len,
        problem.kind,
        (converter.from, converter.to),
        &src[at..],
    )
}

api! { "rows";
    /// Converts every row of a column from `from` to `to`, each row on its own, with
    /// `mode` for the pieces that cannot be converted: with
    /// [`ErrorMode::Strict`] the error names the first such row and the piece's
    /// offset within it; the other modes repair each row as the one-shot
    /// conversions do (malformed input is repaired; a character the target cannot
    /// hold is an error in every mode). Unsound offsets, and a result too long for
    /// the offset type, are an error too. A byte order mark at the start of a row is a character like
    /// any other.
    ///
    /// ```
    /// use utfast::{Encoding, ErrorMode};
    /// // A UTF-16LE column (as Windows tools export it) to UTF-8 rows.
    /// let values: Vec<u8> = "hi€".encode_utf16().flat_map(u16::to_le_bytes).collect();
    /// let rows = utfast::rows::convert(&values, &[0i32, 4, 6], Encoding::Utf16Le, Encoding::Utf8, ErrorMode::Strict)
    ///     .unwrap();
    /// assert_eq!(rows.values(), "hi€".as_bytes());
    /// assert_eq!(rows.offsets(), &[0, 2, 5]);
    ///
    /// // UTF-8 rows to Windows-1252; a character it lacks is an error in every mode.
    /// let rows = utfast::rows::convert("€1|é".as_bytes(), &[0usize, 5, 7], Encoding::Utf8, Encoding::Windows1252, ErrorMode::Strict)
    ///     .unwrap();
    /// assert_eq!((rows.values(), rows.offsets()), (&b"\x801|\xE9"[..], &[0, 3, 4][..]));
    /// let e = utfast::rows::convert("→".as_bytes(), &[0usize, 3], Encoding::Utf8, Encoding::Windows1252, ErrorMode::Replace);
    /// assert_eq!(e.unwrap_err().transcode_error().unwrap().kind(), utfast::stream::TranscodeErrorKind::Unmappable(0x2192));
    /// ```
    pub fn convert[<O: RowOffset>](values: &[u8], offsets: &[O], from: Encoding, to: Encoding, mode: ErrorMode) -> Result<ConvertedRows<O>, RowError>
        as convert_rows;
        |engine| {
            convert_column(
                engine,
                values,
                offsets,
                BlockConverter::new(*engine, from, to, mode),
                false,
            )
        };

    /// Converts every row of a column from `from` to `to` strictly, each row on its
    /// own; a row that cannot be converted becomes empty and is cleared in the
    /// result's [`validity`](ConvertedRows::validity) (an engine's null). The error is for
    /// unsound offsets, or a result too long for the offset type, only.
    ///
    /// ```
    /// use utfast::Encoding;
    /// let values = "tokyo東京".as_bytes();
    /// let rows = utfast::rows::convert_or_null(values, &[0i32, 5, 11], Encoding::Utf8, Encoding::Latin1).unwrap();
    /// assert_eq!(rows.row(0), Some(&b"tokyo"[..]));
    /// assert!(!rows.validity().is_valid(1));
    /// ```
    pub fn convert_or_null[<O: RowOffset>](values: &[u8], offsets: &[O], from: Encoding, to: Encoding) -> Result<ConvertedRows<O>, RowError>
        as convert_rows_or_null;
        |engine| {
            let converter = BlockConverter::new(*engine, from, to, ErrorMode::Strict);
            convert_column(engine, values, offsets, converter, true)
        };
}
