//! # utfast-datafusion
//!
//! SQL functions for DataFusion on utfast's column kernels, batch at a time:
//! Spark's `is_valid_utf8(b)`, `make_valid_utf8(b)`, `validate_utf8(b)` and
//! `try_validate_utf8(b)`, with Spark's semantics, as drop-in replacements for
//! datafusion-spark's row-at-a-time ones. They take `Binary`, `LargeBinary`,
//! `BinaryView` and the string types (always valid), and return the string type
//! of the same width (`Boolean` for `is_valid_utf8`); null in, null out.
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::common::Result<()> {
//! use datafusion::prelude::SessionContext;
//!
//! let ctx = SessionContext::new();
//! utfast_datafusion::register(&ctx);
//! let batches = ctx
//!     .sql("SELECT is_valid_utf8(X'C3A9'), make_valid_utf8(X'61FF62'), try_validate_utf8(X'FF')")
//!     .await?
//!     .collect()
//!     .await?;
//! let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
//! assert!(text.contains("| true "));
//! assert!(text.contains("a\u{FFFD}b"));
//! # Ok(())
//! # }
//! ```

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, BooleanArray, GenericBinaryArray, OffsetSizeTrait};
use arrow_schema::DataType;
use datafusion::arrow::buffer::BooleanBuffer;
use datafusion::common::{exec_err, DataFusionError, Result, ScalarValue};
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl, Signature, Volatility,
};
use datafusion::prelude::SessionContext;
use utfast::RowOffset;
use utfast_arrow::{
    binary_to_string, binary_view_is_valid_utf8, binary_view_to_string, is_valid_utf8, OnInvalid,
};

/// Which of the four functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kind {
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
    const ALL: [Kind; 4] = [
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
struct Utf8Function {
    kind: Kind,
    signature: Signature,
}

impl Utf8Function {
    fn new(kind: Kind) -> Self {
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
        DataFusionError::Execution(format!("{}: {error}", self.kind.name()))
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
        match arg {
            ColumnarValue::Array(array) => Ok(ColumnarValue::Array(self.apply(&array)?)),
            ColumnarValue::Scalar(scalar) => {
                let out = self.apply(&scalar.to_array()?)?;
                Ok(ColumnarValue::Scalar(ScalarValue::try_from_array(&out, 0)?))
            }
        }
    }
}

/// The functions, to register with any `FunctionRegistry` (a `SessionContext`,
/// a Ballista session, ...).
///
/// ```
/// let names: Vec<String> = utfast_datafusion::functions().iter().map(|f| f.name().to_owned()).collect();
/// assert_eq!(names, ["is_valid_utf8", "make_valid_utf8", "validate_utf8", "try_validate_utf8"]);
/// ```
pub fn functions() -> Vec<ScalarUDF> {
    Kind::ALL
        .into_iter()
        .map(|kind| ScalarUDF::from(Utf8Function::new(kind)))
        .collect()
}

/// Registers the functions with `ctx`, replacing functions of the same names.
///
/// ```
/// use datafusion::execution::FunctionRegistry;
/// let ctx = datafusion::prelude::SessionContext::new();
/// utfast_datafusion::register(&ctx);
/// assert!(ctx.udf("make_valid_utf8").is_ok());
/// ```
pub fn register(ctx: &SessionContext) {
    for function in functions() {
        ctx.register_udf(function);
    }
}
