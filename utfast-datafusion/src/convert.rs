//! PostgreSQL's `convert_from(bytes, encoding)` (text in `encoding` to a string)
//! and `convert_to(text, encoding)` (a string to bytes in `encoding`), for every
//! encoding utfast names, batch at a time over utfast-arrow's column
//! conversions. An optional third argument, `'error'` (the default, as in
//! PostgreSQL), `'null'` or `'replace'`, decides the rows that cannot be
//! converted.

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{new_null_array, ArrayRef};
use arrow_schema::DataType;
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
        let (Some(name), Some(mode)) = (self.constant(&name, "encoding name")?, mode) else {
            // A null encoding or mode: null, as PostgreSQL's strict functions give.
            return Ok(ColumnarValue::Array(new_null_array(&to, rows)));
        };
        let Some(encoding) = Encoding::from_name(name) else {
            let known: Vec<&str> = Encoding::ALL.iter().map(|e| e.name()).collect();
            return Err(self.error(format!(
                "unknown encoding '{name}'; known: {} (and aliases such as latin1, win1252)",
                known.join(", ")
            )));
        };
        let Some(on_invalid) = on_invalid(mode) else {
            return Err(self.error(format!(
                "unknown mode '{mode}'; use 'error', 'null' or 'replace'"
            )));
        };
        map_columnar(input, |array| self.apply(array, encoding, on_invalid))
    }
}
