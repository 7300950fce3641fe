//! Text columns in other encodings: a binary column of Latin-1, Windows-1252,
//! UTF-16, UTF-32 (or a UTF-8 variant) text decoded into a string array, and a
//! string array encoded into a binary column, each row on its own, through
//! utfast's column conversion ([`utfast::rows::convert`]).

use arrow_array::{Array, GenericBinaryArray, GenericStringArray, OffsetSizeTrait};
use arrow_buffer::{Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::ArrowError;
use utfast::{rows::ConvertedRows, rows::RowError, rows::RowOffset, Encoding, Engine, ErrorMode};

use crate::{binary_to_string_with, bits, OnInvalid};

/// A binary column of text in `encoding` as a string array; `on_invalid` decides
/// the rows that are not valid in that encoding (an error naming the row and the
/// byte within it, a null, or U+FFFD for each malformed piece). UTF-8 is
/// [`binary_to_string`](crate::binary_to_string). Nulls stay null.
///
/// ```
/// use arrow_array::{Array, BinaryArray};
/// use utfast::Encoding;
/// use utfast_arrow::{decode_binary, OnInvalid};
///
/// // Latin-1 from a legacy database, and UTF-16LE from a Windows export.
/// let latin1 = BinaryArray::from(vec![&b"caf\xE9"[..], b"na\xEFve"]);
/// let text = decode_binary(&latin1, Encoding::Latin1, OnInvalid::Error).unwrap();
/// assert_eq!((text.value(0), text.value(1)), ("café", "naïve"));
///
/// let utf16 = BinaryArray::from(vec![&b"h\x00i\x00"[..], b"\x00\xD8"]); // "hi", a lone surrogate
/// let err = decode_binary(&utf16, Encoding::Utf16Le, OnInvalid::Error).unwrap_err();
/// assert!(err.to_string().contains("row 1"));
/// let text = decode_binary(&utf16, Encoding::Utf16Le, OnInvalid::Null).unwrap();
/// assert_eq!((text.value(0), text.is_null(1)), ("hi", true));
/// ```
pub fn decode_binary<O: OffsetSizeTrait + RowOffset>(
    array: &GenericBinaryArray<O>,
    encoding: Encoding,
    on_invalid: OnInvalid,
) -> Result<GenericStringArray<O>, ArrowError> {
    decode_binary_with(Engine::active(), array, encoding, on_invalid)
}

/// [`decode_binary`] with a chosen engine (kernel).
///
/// ```
/// use arrow_array::BinaryArray;
/// use utfast::{Encoding, Engine, Kernel};
/// use utfast_arrow::OnInvalid;
/// let bytes = BinaryArray::from(vec![&b"\x80"[..]]);
/// let engine = Engine::new(Kernel::Scalar).unwrap();
/// let text = utfast_arrow::decode_binary_with(engine, &bytes, Encoding::Windows1252, OnInvalid::Error);
/// assert_eq!(text.unwrap().value(0), "€");
/// ```
pub fn decode_binary_with<O: OffsetSizeTrait + RowOffset>(
    engine: Engine,
    array: &GenericBinaryArray<O>,
    encoding: Encoding,
    on_invalid: OnInvalid,
) -> Result<GenericStringArray<O>, ArrowError> {
    if encoding == Encoding::Utf8 {
        return binary_to_string_with(engine, array, on_invalid);
    }
    let (values, offsets) = (array.values().as_slice(), array.offsets().as_ref());
    let rows = match on_invalid {
        OnInvalid::Replace => engine.convert_rows(
            values,
            offsets,
            encoding,
            Encoding::Utf8,
            ErrorMode::Replace,
        ),
        _ => engine.convert_rows_or_null(values, offsets, encoding, Encoding::Utf8),
    }
    .map_err(conversion_error)?;
    let column = Column {
        engine,
        values,
        offsets,
        nulls: array.nulls(),
    };
    let nulls = column.nulls(&rows, encoding, Encoding::Utf8, on_invalid)?;
    let (values, offsets, _) = rows.into_parts();
    // SAFETY: the conversion to UTF-8 writes valid UTF-8 rows (a row it could not
    // convert is empty) and sound offsets from 0, one per row and one more.
    Ok(unsafe {
        GenericStringArray::new_unchecked(offset_buffer(offsets), Buffer::from_vec(values), nulls)
    })
}

/// A string array encoded in `encoding` as a binary column, each row on its own
/// (no byte order mark). For a character the encoding cannot hold (Latin-1 and
/// Windows-1252 hold few), `on_invalid` decides: an error naming the row and the
/// byte, a null, or `?` in its place. Nulls stay null.
///
/// ```
/// use arrow_array::{Array, StringArray};
/// use utfast::Encoding;
/// use utfast_arrow::{encode_string, OnInvalid};
///
/// let text = StringArray::from(vec!["café €5", "東京"]);
/// let bytes = encode_string(&text, Encoding::Windows1252, OnInvalid::Replace).unwrap();
/// assert_eq!((bytes.value(0), bytes.value(1)), (&b"caf\xE9 \x805"[..], &b"??"[..]));
/// assert!(encode_string(&text, Encoding::Windows1252, OnInvalid::Null).unwrap().is_null(1));
/// let err = encode_string(&text, Encoding::Latin1, OnInvalid::Error).unwrap_err();
/// assert!(err.to_string().contains("row 0"), "{err}"); // the euro sign
///
/// let utf16 = encode_string(&text, Encoding::Utf16Le, OnInvalid::Error).unwrap();
/// assert_eq!(utf16.value(1), b"\x71\x67\xAC\x4E");
/// ```
pub fn encode_string<O: OffsetSizeTrait + RowOffset>(
    array: &GenericStringArray<O>,
    encoding: Encoding,
    on_invalid: OnInvalid,
) -> Result<GenericBinaryArray<O>, ArrowError> {
    encode_string_with(Engine::active(), array, encoding, on_invalid)
}

/// [`encode_string`] with a chosen engine (kernel).
///
/// ```
/// use arrow_array::StringArray;
/// use utfast::{Encoding, Engine};
/// use utfast_arrow::OnInvalid;
/// let text = StringArray::from(vec!["é"]);
/// let bytes = utfast_arrow::encode_string_with(Engine::active(), &text, Encoding::Latin1, OnInvalid::Error);
/// assert_eq!(bytes.unwrap().value(0), b"\xE9");
/// ```
pub fn encode_string_with<O: OffsetSizeTrait + RowOffset>(
    engine: Engine,
    array: &GenericStringArray<O>,
    encoding: Encoding,
    on_invalid: OnInvalid,
) -> Result<GenericBinaryArray<O>, ArrowError> {
    let (values, offsets) = (array.values().as_slice(), array.offsets().as_ref());
    let rows = engine
        .convert_rows_or_null(values, offsets, Encoding::Utf8, encoding)
        .map_err(conversion_error)?;
    let column = Column {
        engine,
        values,
        offsets,
        nulls: array.nulls(),
    };
    if on_invalid == OnInvalid::Replace && rows.validity().invalid_count() > 0 {
        let (values, offsets) = column.replaced(rows, encoding)?;
        let offsets = offset_buffer(offsets);
        return Ok(GenericBinaryArray::new(
            offsets,
            Buffer::from_vec(values),
            column.nulls.cloned(),
        ));
    }
    let nulls = column.nulls(&rows, Encoding::Utf8, encoding, on_invalid)?;
    let (values, offsets, _) = rows.into_parts();
    Ok(GenericBinaryArray::new(
        offset_buffer(offsets),
        Buffer::from_vec(values),
        nulls,
    ))
}

/// The input column of a conversion.
struct Column<'a, O> {
    engine: Engine,
    values: &'a [u8],
    offsets: &'a [O],
    nulls: Option<&'a NullBuffer>,
}

impl<O: RowOffset> Column<'_, O> {
    fn row(&self, row: usize) -> &[u8] {
        let at = |row: usize| self.offsets[row].to_usize().unwrap_or(0);
        &self.values[at(row)..at(row + 1)]
    }

    /// The result's nulls: the input's, and with `Null` the rows that could not
    /// be converted; with `Error`, the first such row that is not null is the
    /// error.
    fn nulls(
        &self,
        rows: &ConvertedRows<O>,
        from: Encoding,
        to: Encoding,
        on_invalid: OnInvalid,
    ) -> Result<Option<NullBuffer>, ArrowError> {
        let validity = rows.validity();
        if validity.invalid_count() == 0 {
            return Ok(self.nulls.cloned());
        }
        let Some(row) = crate::first_non_null_invalid(validity, self.nulls) else {
            // Only null rows failed: they are empty now, and still null.
            return Ok(self.nulls.cloned());
        };
        if on_invalid == OnInvalid::Null {
            return Ok(NullBuffer::union(
                self.nulls,
                Some(&NullBuffer::new(bits(validity))),
            ));
        }
        // The row again, alone, for the error's position within it.
        let bytes = self.row(row);
        Err(
            match self.engine.convert_rows(
                bytes,
                &[0usize, bytes.len()],
                from,
                to,
                ErrorMode::Strict,
            ) {
                Err(e) => match e.transcode_error() {
                    Some(t) => ArrowError::InvalidArgumentError(format!("row {row}: {t}")),
                    None => conversion_error(e),
                },
                Ok(_) => ArrowError::ComputeError(format!(
                    "row {row}: converted alone, not in its column"
                )),
            },
        )
    }

    /// The column encoded in `to` with each character `to` lacks as `?`: the
    /// rows `rows` could not convert are converted again one character a row.
    fn replaced(
        &self,
        rows: ConvertedRows<O>,
        to: Encoding,
    ) -> Result<(Vec<u8>, Vec<O>), ArrowError> {
        let mut out = Vec::with_capacity(rows.values().len() + rows.validity().invalid_count());
        let mut offsets = Vec::with_capacity(rows.len() + 1);
        offsets.push(O::default());
        for row in 0..rows.len() {
            match (rows.validity().is_valid(row), rows.row(row)) {
                (true, Some(bytes)) => out.extend_from_slice(bytes),
                _ => {
                    let text = self.row(row);
                    // The character boundaries (the input is UTF-8): no byte 80..BF.
                    let chars: Vec<usize> = (0..=text.len())
                        .filter(|&i| i == text.len() || (text[i] as i8) >= -0x40)
                        .collect();
                    let each = self
                        .engine
                        .convert_rows_or_null(text, &chars, Encoding::Utf8, to)
                        .map_err(conversion_error)?;
                    for c in 0..each.len() {
                        match each.row(c) {
                            Some(bytes) if each.validity().is_valid(c) => {
                                out.extend_from_slice(bytes)
                            }
                            _ => out.push(b'?'),
                        }
                    }
                }
            }
            let end = O::from_usize(out.len()).ok_or_else(|| {
                ArrowError::InvalidArgumentError(format!(
                    "row {row}: the encoded column outgrows its offset type"
                ))
            })?;
            offsets.push(end);
        }
        Ok((out, offsets))
    }
}

/// Offsets the column kernels built (from 0, never decreasing) as Arrow's.
pub(crate) fn offset_buffer<O: OffsetSizeTrait>(offsets: Vec<O>) -> OffsetBuffer<O> {
    // SAFETY: the column kernels' offsets start at 0 and never decrease.
    unsafe { OffsetBuffer::new_unchecked(ScalarBuffer::from(offsets)) }
}

/// A column conversion's error on the whole array: unsound offsets, or a
/// result too long for the offset type.
fn conversion_error(error: RowError) -> ArrowError {
    ArrowError::InvalidArgumentError(error.to_string())
}
