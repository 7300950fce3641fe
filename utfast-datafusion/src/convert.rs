//! PostgreSQL's `convert_from(bytes, encoding)` (text in `encoding` to a string)
//! and `convert_to(text, encoding)` (a string to bytes in `encoding`), for every
//! encoding utfast names, batch at a time over utfast-arrow's column
//! conversions. The encoding is a constant, or a column (each row its own, as
//! `convert_from(b, detect_encoding(b))` gives). An optional third argument, `'error'` (the default, as in
//! PostgreSQL), `'null'` or `'replace'`, decides the rows that cannot be
//! converted.

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{new_null_array, Array, ArrayRef, UInt32Array};
use arrow_schema::DataType;
use datafusion::arrow::compute::{cast, interleave, take};
use datafusion::common::{exec_err, plan_err, DataFusionError, Result};
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl, Signature, Volatility,
};
use utfast::Encoding;
use utfast_arrow::{decode_binary, encode_string, OnInvalid};

use crate::{arrow_error, map_columnar};

/// Which way a conversion goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Direction {
    /// `convert_from(bytes, encoding)`: bytes in `encoding` to a string.
    From,
    /// `convert_to(text, encoding)`: a string to bytes in `encoding`.
    To,
}

impl Direction {
    pub(crate) const ALL: [Direction; 2] = [Direction::From, Direction::To];
}

/// `convert_from` or `convert_to`, as DataFusion calls it.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct Convert {
    direction: Direction,
    signature: Signature,
}

impl Convert {
    pub(crate) fn new(direction: Direction) -> Self {
        Convert {
            direction,
            signature: Signature::user_defined(Volatility::Immutable),
        }
    }

    /// The type the first argument is cast to: offsets of 64 bits stay so.
    fn input_type(&self, arg: &DataType) -> DataType {
        let large = matches!(arg, DataType::LargeBinary | DataType::LargeUtf8);
        match (self.direction, large) {
            (Direction::From, false) => DataType::Binary,
            (Direction::From, true) => DataType::LargeBinary,
            (Direction::To, false) => DataType::Utf8,
            (Direction::To, true) => DataType::LargeUtf8,
        }
    }

    fn error(&self, message: impl std::fmt::Display) -> DataFusionError {
        DataFusionError::Execution(format!("{}: {message}", self.name()))
    }

    /// The conversion of `array` with each row's own encoding, `names`: the rows
    /// of each encoding converted together, then put back in order. A null name
    /// gives a null row.
    fn apply_each(
        &self,
        array: &ArrayRef,
        names: &ArrayRef,
        on_invalid: OnInvalid,
        to: &DataType,
    ) -> Result<ArrayRef> {
        let names = cast(names, &DataType::Utf8)?;
        let names = names.as_string::<i32>();
        let mut groups: Vec<(Encoding, Vec<u32>)> = Vec::new();
        let mut picks = vec![(0, 0); array.len()];
        for (row, name) in names.iter().enumerate() {
            let Some(name) = name else { continue };
            let encoding = self.encoding(name)?;
            let group = match groups.iter().position(|(e, _)| *e == encoding) {
                Some(group) => group,
                None => {
                    groups.push((encoding, Vec::new()));
                    groups.len() - 1
                }
            };
            let rows = &mut groups[group].1;
            picks[row] = (group + 1, rows.len());
            rows.push(row as u32);
        }
        // Part 0 is the null row of the null names.
        let mut parts = vec![new_null_array(to, 1)];
        for (encoding, rows) in &groups {
            let rows = UInt32Array::from(rows.clone());
            let taken = take(array.as_ref(), &rows, None)?;
            // Null for a bad row: with `Error`, its error is found below, by its
            // row number in the whole column.
            let mode = if on_invalid == OnInvalid::Error {
                OnInvalid::Null
            } else {
                on_invalid
            };
            let converted = self.apply(&taken, *encoding, mode)?;
            if on_invalid == OnInvalid::Error && converted.null_count() > taken.null_count() {
                let failed = (0..taken.len()).find(|&i| converted.is_null(i) && taken.is_valid(i));
                let row = failed.map_or(0, |i| rows.value(i) as usize);
                return match self.apply(&array.slice(row, 1), *encoding, on_invalid) {
                    Err(DataFusionError::Execution(m)) => Err(DataFusionError::Execution(
                        m.replacen("row 0:", &format!("row {row}:"), 1),
                    )),
                    Err(e) => Err(e),
                    Ok(_) => exec_err!(
                        "{}: row {row} converts alone but not with its encoding's rows",
                        self.name()
                    ),
                };
            }
            parts.push(converted);
        }
        let parts: Vec<&dyn Array> = parts.iter().map(|p| p.as_ref()).collect();
        Ok(interleave(&parts, &picks)?)
    }

    /// The encoding `name` names, or an error listing the names.
    fn encoding(&self, name: &str) -> Result<Encoding> {
        Encoding::from_name(name).ok_or_else(|| {
            let known: Vec<&str> = Encoding::ALL.iter().map(|e| e.name()).collect();
            self.error(format!(
                "unknown encoding '{name}'; known: {} (and aliases such as latin1, win1252)",
                known.join(", ")
            ))
        })
    }

    /// A constant string argument (`None` for a null), or an error naming it.
    fn constant<'a>(&self, arg: &'a ColumnarValue, what: &str) -> Result<Option<&'a str>> {
        match arg {
            ColumnarValue::Scalar(s) => s
                .try_as_str()
                .ok_or_else(|| self.error(format!("the {what} must be a string"))),
            ColumnarValue::Array(_) => Err(self.error(format!(
                "the {what} must be a constant (the same for every row)"
            ))),
        }
    }

    /// The conversion of one array.
    fn apply(
        &self,
        array: &ArrayRef,
        encoding: Encoding,
        on_invalid: OnInvalid,
    ) -> Result<ArrayRef> {
        let converted: Result<ArrayRef, _> = match array.data_type() {
            DataType::Binary => decode_binary(array.as_binary::<i32>(), encoding, on_invalid)
                .map(|a| Arc::new(a) as ArrayRef),
            DataType::LargeBinary => decode_binary(array.as_binary::<i64>(), encoding, on_invalid)
                .map(|a| Arc::new(a) as ArrayRef),
            DataType::Utf8 => encode_string(array.as_string::<i32>(), encoding, on_invalid)
                .map(|a| Arc::new(a) as ArrayRef),
            DataType::LargeUtf8 => encode_string(array.as_string::<i64>(), encoding, on_invalid)
                .map(|a| Arc::new(a) as ArrayRef),
            other => return exec_err!("{}: unsupported argument type {other}", self.name()),
        };
        converted.map_err(|e| arrow_error(self.name(), e))
    }
}

/// The mode a third argument names.
fn on_invalid(name: &str) -> Option<OnInvalid> {
    match name.to_ascii_lowercase().as_str() {
        "error" | "strict" => Some(OnInvalid::Error),
        "null" => Some(OnInvalid::Null),
        "replace" => Some(OnInvalid::Replace),
        _ => None,
    }
}

impl ScalarUDFImpl for Convert {
    fn name(&self) -> &str {
        match self.direction {
            Direction::From => "convert_from",
            Direction::To => "convert_to",
        }
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn coerce_types(&self, arg_types: &[DataType]) -> Result<Vec<DataType>> {
        let [first, rest @ ..] = arg_types else {
            return plan_err!("{} takes 2 or 3 arguments, not none", self.name());
        };
        if !(1..=2).contains(&rest.len()) {
            return plan_err!(
                "{} takes 2 or 3 arguments, not {}",
                self.name(),
                arg_types.len()
            );
        }
        let known = matches!(
            first,
            DataType::Null
                | DataType::Binary
                | DataType::LargeBinary
                | DataType::BinaryView
                | DataType::Utf8
                | DataType::LargeUtf8
                | DataType::Utf8View
        );
        if !known {
            return plan_err!(
                "{}: the first argument must be bytes or a string, not {first}",
                self.name()
            );
        }
        Ok(std::iter::once(self.input_type(first))
            .chain(rest.iter().map(|_| DataType::Utf8))
            .collect())
    }

    fn return_type(&self, arg_types: &[DataType]) -> Result<DataType> {
        let large = matches!(
            arg_types.first(),
            Some(DataType::LargeBinary | DataType::LargeUtf8)
        );
        Ok(match (self.direction, large) {
            (Direction::From, false) => DataType::Utf8,
            (Direction::From, true) => DataType::LargeUtf8,
            (Direction::To, false) => DataType::Binary,
            (Direction::To, true) => DataType::LargeBinary,
        })
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let (rows, to) = (args.number_rows, args.return_field.data_type().clone());
        let mut args = args.args.into_iter();
        let (Some(input), Some(name), mode) = (args.next(), args.next(), args.next()) else {
            return exec_err!("{} takes 2 or 3 arguments", self.name());
        };
        let mode = match &mode {
            None => Some("error"),
            Some(mode) => self.constant(mode, "third argument ('error', 'null' or 'replace')")?,
        };
        let Some(mode) = mode else {
            // A null mode: null, as PostgreSQL's strict functions give.
            return Ok(ColumnarValue::Array(new_null_array(&to, rows)));
        };
        let Some(on_invalid) = on_invalid(mode) else {
            return Err(self.error(format!(
                "unknown mode '{mode}'; use 'error', 'null' or 'replace'"
            )));
        };
        if let ColumnarValue::Array(names) = &name {
            let input = input.into_array(rows)?;
            return Ok(ColumnarValue::Array(
                self.apply_each(&input, names, on_invalid, &to)?,
            ));
        }
        let Some(name) = self.constant(&name, "encoding name")? else {
            return Ok(ColumnarValue::Array(new_null_array(&to, rows)));
        };
        let encoding = self.encoding(name)?;
        map_columnar(input, |array| self.apply(array, encoding, on_invalid))
    }
}
