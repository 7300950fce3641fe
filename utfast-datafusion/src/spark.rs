//! Spark's `is_valid_utf8(b)`, `make_valid_utf8(b)`, `validate_utf8(b)` and
//! `try_validate_utf8(b)`, batch at a time over utfast-arrow's column kernels.

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, BooleanArray, GenericBinaryArray, OffsetSizeTrait};
use arrow_schema::DataType;
use datafusion::arrow::buffer::BooleanBuffer;
use datafusion::common::{exec_err, DataFusionError, Result};
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl, Signature, Volatility,
};
use utfast::rows::RowOffset;

use crate::{arrow_error, map_columnar};
use utfast_arrow::{
    binary_to_string, binary_view_is_valid_utf8, binary_view_to_string, is_valid_utf8, OnInvalid,
};

/// Which of the four functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    /// `is_valid_utf8(b)`: true when `b` is valid UTF-8.
    IsValid,
    /// `make_valid_utf8(b)`: `b` with each invalid sequence as U+FFFD.
    MakeValid,
    /// `validate_utf8(b)`: `b` as a string, or an error naming the row and byte.
    Validate,
    /// `try_validate_utf8(b)`: `b` as a string, or null when it is not UTF-8.
    TryValidate,
}

impl Kind {
    pub(crate) const ALL: [Kind; 4] = [
        Kind::IsValid,
        Kind::MakeValid,
        Kind::Validate,
        Kind::TryValidate,
    ];

    fn name(self) -> &'static str {
        match self {
            Kind::IsValid => "is_valid_utf8",
            Kind::MakeValid => "make_valid_utf8",
            Kind::Validate => "validate_utf8",
            Kind::TryValidate => "try_validate_utf8",
        }
    }

    fn on_invalid(self) -> OnInvalid {
        match self {
            Kind::MakeValid => OnInvalid::Replace,
            Kind::Validate => OnInvalid::Error,
            Kind::IsValid | Kind::TryValidate => OnInvalid::Null,
        }
    }
}

/// One of the functions, as DataFusion calls it.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct Utf8Function {
    kind: Kind,
    signature: Signature,
}

impl Utf8Function {
    pub(crate) fn new(kind: Kind) -> Self {
        let types = vec![
            DataType::Binary,
            DataType::LargeBinary,
            DataType::BinaryView,
            DataType::Utf8,
            DataType::LargeUtf8,
            DataType::Utf8View,
        ];
        Utf8Function {
            kind,
            signature: Signature::uniform(1, types, Volatility::Immutable),
        }
    }

    /// The function on one array.
    fn apply(&self, array: &ArrayRef) -> Result<ArrayRef> {
        let on_invalid = self.kind.on_invalid();
        let text: ArrayRef = match array.data_type() {
            DataType::Binary => self.binary::<i32>(array.as_binary::<i32>())?,
            DataType::LargeBinary => self.binary::<i64>(array.as_binary::<i64>())?,
            DataType::BinaryView if self.kind == Kind::IsValid => {
                Arc::new(binary_view_is_valid_utf8(array.as_binary_view()))
            }
            DataType::BinaryView => Arc::new(
                binary_view_to_string(array.as_binary_view(), on_invalid)
                    .map_err(|e| self.error(e))?,
            ),
            // Strings are valid UTF-8 already.
            DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => {
                if self.kind == Kind::IsValid {
                    let all = BooleanBuffer::new_set(array.len());
                    return Ok(Arc::new(BooleanArray::new(all, array.nulls().cloned())));
                }
                Arc::clone(array)
            }
            other => return exec_err!("{}: unsupported argument type {other}", self.kind.name()),
        };
        Ok(text)
    }

    /// The function on a binary array of offsets `O`.
    fn binary<O: OffsetSizeTrait + RowOffset>(
        &self,
        array: &GenericBinaryArray<O>,
    ) -> Result<ArrayRef> {
        if self.kind == Kind::IsValid {
            // The validity bitmap alone: no string array is built.
            return Ok(Arc::new(is_valid_utf8(array).map_err(|e| self.error(e))?));
        }
        let text = binary_to_string(array, self.kind.on_invalid()).map_err(|e| self.error(e))?;
        Ok(Arc::new(text))
    }

    fn error(&self, error: arrow_schema::ArrowError) -> DataFusionError {
        arrow_error(self.kind.name(), error)
    }
}

impl ScalarUDFImpl for Utf8Function {
    fn name(&self) -> &str {
        self.kind.name()
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, arg_types: &[DataType]) -> Result<DataType> {
        if self.kind == Kind::IsValid {
            return Ok(DataType::Boolean);
        }
        match arg_types.first() {
            Some(DataType::Binary | DataType::Utf8) => Ok(DataType::Utf8),
            Some(DataType::LargeBinary | DataType::LargeUtf8) => Ok(DataType::LargeUtf8),
            Some(DataType::BinaryView | DataType::Utf8View) => Ok(DataType::Utf8View),
            other => exec_err!("{}: unsupported argument type {other:?}", self.kind.name()),
        }
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let Some(arg) = args.args.into_iter().next() else {
            return exec_err!("{} takes one argument", self.kind.name());
        };
        map_columnar(arg, |array| self.apply(array))
    }
}
